import {
  chartDayOf,
  chartDayWindow,
  computeAdherence,
  type DoseConfirmation,
  MERGE_WINDOW_MS,
  type MedicineSchedule,
  trackingStart,
} from '@dosedot/domain/adherence';
import { isScheduledPart, segmentTimesOf } from '@dosedot/domain/posology';
import { addDays } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { scheduleOfRow } from '../medicines';
import {
  confirmationsOfProfiles,
  firstAssignments,
  medicinesOfProfiles,
  pressesOfProfiles,
  schedulesOfProfiles,
} from './queries';

/** Chart days the list's adherence column looks back over, today included. */
export const ADHERENCE_DAYS = 7;

export interface ProfileStats {
  /** (taken + by hand) / due over the last 7 chart days, null when nothing was due. */
  adherence: number | null;
  due: number;
  taken: number;
  /** Today's intakes whose window has passed without a press or a confirmation. */
  missedToday: number;
}

/** Profiles a query names at once (the engines' limits on bound values are far above). */
const CHUNK = 1000;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * The adherence of the last 7 chart days and today's missed intakes of many profiles, each in its
 * own zone, through the domain's engine as the dashboards compute it (adherence/service.ts), from
 * five queries for all of them together.
 */
export async function statsOfProfiles(
  db: Db,
  profiles: readonly { id: number; timezone: string; day_times: string | null }[],
  now = Date.now(),
): Promise<Map<number, ProfileStats>> {
  const out = new Map<number, ProfileStats>();
  for (let i = 0; i < profiles.length; i += CHUNK) {
    const chunk = profiles.slice(i, i + CHUNK);
    for (const [id, stats] of await statsOfChunk(db, chunk, now)) out.set(id, stats);
  }
  return out;
}

async function statsOfChunk(
  db: Db,
  profiles: readonly { id: number; timezone: string; day_times: string | null }[],
  now: number,
) {
  const out = new Map<number, ProfileStats>();
  if (profiles.length === 0) return out;
  const ids = profiles.map((p) => p.id);
  // Each profile's own chart days; the queries take the span that covers them all.
  const ranges = new Map(
    profiles.map((p) => {
      const to = chartDayOf(now, p.timezone);
      const from = addDays(to, -(ADHERENCE_DAYS - 1));
      return [
        p.id,
        { from, to, start: chartDayWindow(from, p.timezone).start, end: chartDayWindow(to, p.timezone).end },
      ];
    }),
  );
  const spans = [...ranges.values()];
  const start = Math.min(...spans.map((r) => r.start));
  const end = Math.max(...spans.map((r) => r.end));

  const [medicines, schedules, firsts, presses, confirmations] = await Promise.all([
    medicinesOfProfiles(db, ids),
    schedulesOfProfiles(db, ids),
    firstAssignments(db, ids),
    pressesOfProfiles(db, ids, start - MERGE_WINDOW_MS, end),
    confirmationsOfProfiles(db, ids, start, end),
  ]);
  const medicinesOf = groupBy(medicines, (m) => m.profile_id);
  const timesOf = groupBy(schedules, (s) => s.medicine_id);
  const firstOf = new Map(firsts.map((f) => [f.profile_id, f.first == null ? null : Number(f.first)]));
  const pressesOf = groupBy(presses, (p) => p.profile_id);
  const confirmationsOf = groupBy(confirmations, (c) => c.profile_id);

  for (const p of profiles) {
    const range = ranges.get(p.id);
    if (!range) continue;
    const boxAssignedAt = firstOf.get(p.id) ?? null;
    const schedule: MedicineSchedule[] = (medicinesOf.get(p.id) ?? []).map((m) => ({
      ...scheduleOfRow(
        m,
        (timesOf.get(m.id) ?? []).map((s) => s.dosage_time),
      ),
      trackedFrom: trackingStart(Number(m.created_at), boxAssignedAt),
    }));
    if (schedule.every((m) => m.times.length === 0 && !m.posology?.some(isScheduledPart))) {
      out.set(p.id, { adherence: null, due: 0, taken: 0, missedToday: 0 });
      continue;
    }
    const confirmed: DoseConfirmation[] = (confirmationsOf.get(p.id) ?? []).flatMap((c) =>
      c.scheduled_at === null ? [] : [{ medicineId: c.medicine_id, scheduledAt: Number(c.scheduled_at) }],
    );
    const result = computeAdherence({
      timezone: p.timezone,
      segmentTimes: segmentTimesOf(p.day_times),
      medicines: schedule,
      presses: (pressesOf.get(p.id) ?? [])
        .map((x) => Number(x.pressed_at))
        .filter((t) => t >= range.start - MERGE_WINDOW_MS && t < range.end),
      confirmations: confirmed,
      range: { from: range.from, to: range.to },
      now,
    });
    const today = result.days.find((d) => d.date === range.to);
    out.set(p.id, {
      adherence: result.totals.adherence,
      due: result.totals.due,
      taken: result.totals.taken + result.totals.byHand,
      missedToday: today?.missed ?? 0,
    });
  }
  return out;
}
