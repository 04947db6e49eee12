import { MAX_ADHERENCE_DAYS } from '@dosedot/domain';
import {
  chartDayOf,
  chartDayWindow,
  computeAdherence,
  MERGE_WINDOW_MS,
  nextStatusChange,
  trackingStart,
} from '@dosedot/domain/adherence';
import { addDays, dayNumberOf } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { fieldError } from '../../lib/errors';
import { listMedicines, manualIntakesOfProfile, scheduleOfRow, schedulesOf } from '../medicines';
import { profileClock } from '../profiles';
import { firstAssignmentOfProfile, pressesOfProfile } from '../sensors';

export interface RangeAsked {
  from?: string;
  to?: string;
}

/** Days the dashboards show when no range is asked: the last 30 chart days. */
export const DEFAULT_DAYS = 30;

/**
 * The adherence of a profile: its medicines and dosage times, the presses of its boxes from while
 * they were its own and the doses confirmed by hand, through the domain's engine, in the profile's
 * time zone. Each medicine is tracked from the later of its entry and the first box assignment
 * (the domain's `trackingStart`): doses before are 'not tracked', never missed.
 */
export function createAdherenceService(db: Db) {
  return {
    /**
     * `within` narrows the default range to a medicine's dates (an asked range is taken as asked).
     */
    async compute(
      profileId: number,
      asked: RangeAsked,
      now = Date.now(),
      within?: { start: string; end: string | null },
    ) {
      const { timezone, segmentTimes } = await profileClock(db, profileId);
      const today = chartDayOf(now, timezone);
      const latest = within?.end && within.end < today ? within.end : today;
      const to = asked.to ?? latest;
      const earliest = addDays(to, -(DEFAULT_DAYS - 1));
      const from =
        asked.from ?? (within && within.start > earliest && within.start <= to ? within.start : earliest);
      // Only `from` asked, after the default end (today, or the medicine's end): a 400, as the
      // contract gives when both are asked (the engine takes no range that ends before it starts).
      if (from > to) throw fieldError('from', 'The start date is greater than the end date');
      if (dayNumberOf(to) - dayNumberOf(from) + 1 > MAX_ADHERENCE_DAYS)
        throw fieldError('from', `At most ${MAX_ADHERENCE_DAYS} days at once`);
      const rows = await listMedicines(db, profileId);
      const schedules = await schedulesOf(
        db,
        rows.map((m) => m.id),
      );
      const boxAssignedAt = await firstAssignmentOfProfile(db, profileId);
      const medicines = rows.map((m) => ({
        ...scheduleOfRow(
          m,
          schedules.filter((s) => s.medicine_id === m.id).map((s) => s.dosage_time),
        ),
        trackedFrom: trackingStart(Number(m.created_at), boxAssignedAt),
      }));
      // From a minute before the first chart day, so the first group of presses is merged whole.
      const presses = (
        await pressesOfProfile(
          db,
          profileId,
          chartDayWindow(from, timezone).start - MERGE_WINDOW_MS,
          chartDayWindow(to, timezone).end,
        )
      ).map((p) => p.pressed_at);
      const manual = await manualIntakesOfProfile(
        db,
        profileId,
        chartDayWindow(from, timezone).start,
        chartDayWindow(to, timezone).end,
      );
      const confirmations = manual.flatMap((m) =>
        m.scheduled_at === null ? [] : [{ medicineId: m.medicine_id, scheduledAt: Number(m.scheduled_at) }],
      );
      const result = computeAdherence({
        timezone,
        segmentTimes,
        medicines,
        presses,
        confirmations,
        range: { from, to },
        now,
      });
      // The first instant the clock alone changes the answer: a pending dose turns missed, or a new
      // chart day (the default range and a medicine's end follow today).
      const changesAt = Math.min(nextStatusChange(result, now), chartDayWindow(today, timezone).end);
      return { timezone, range: { from, to }, result, manual, changesAt };
    },
  };
}
