import {
  MAX_STORAGE_ALERT_DAYS,
  STORAGE_ALERT_DEFAULT_DAYS,
  type StorageAlertsQuery,
  type StorageAlertsResponse,
} from '@dosedot/domain';
import { hasStorageRange, minutesOf, outOfRangeIntervals } from '@dosedot/domain/storage';
import { addDays, localDateOf } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { listMedicines } from '../medicines';
import { findProfileByUser } from '../profiles';
import { climateOfProfile, clockOf, rangeOf } from '../sensors';
import { presentStorageAlerts } from './presenter';

/** A reading holds until the next one, but not across a longer silence of the box. */
const MAX_GAP_MS = 2 * 3_600_000;
/** How long the last reading of a stretch counts: a box reports about every 15 minutes. */
const TAIL_MS = 15 * 60_000;

/**
 * The storage alarm (decision 0006): for each of the patient's medicines with a storage range, the
 * stretches of time their boxes read outside it — only readings from while a box was theirs.
 */
export function createStorageAlertService(db: Db) {
  return {
    async forUser(
      userId: number,
      query: StorageAlertsQuery,
      now = Date.now(),
    ): Promise<StorageAlertsResponse> {
      const profile = await findProfileByUser(db, userId);
      if (!profile) throw notFound('Profile not found');
      const clock = clockOf(undefined, profile.timezone);
      const to =
        query.to ??
        (query.from
          ? addDays(query.from, STORAGE_ALERT_DEFAULT_DAYS - 1)
          : localDateOf(now, profile.timezone));
      const from = query.from ?? addDays(to, -(STORAGE_ALERT_DEFAULT_DAYS - 1));
      const range = rangeOf(from, to, clock, MAX_STORAGE_ALERT_DAYS, { start: 'from', end: 'to' });
      const medicines = (await listMedicines(db, profile.id)).filter(hasStorageRange);
      const readings =
        medicines.length === 0 ? [] : await climateOfProfile(db, profile.id, range.from, range.to);
      const climate = readings.map((r) => ({
        at: r.measured_at,
        temperature: r.temperature,
        humidity: r.humidity,
        deveui: r.deveui,
      }));
      const opts = { maxGapMs: MAX_GAP_MS, tailMs: TAIL_MS, until: Math.min(range.to, now) };
      return presentStorageAlerts(
        { from, to, timezone: profile.timezone },
        medicines.map((m) => {
          const intervals = outOfRangeIntervals(climate, m, opts);
          return { medicine: m, intervals, minutesOut: minutesOf(intervals) };
        }),
        readings.length,
      );
    },
  };
}
