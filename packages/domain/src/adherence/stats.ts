import type { Band, IntakeStatus } from './types';

/*
 * Statistics (ARCHITECTURE section 4): adherence = taken intakes / due intakes; on-time rate =
 * on-time intakes / due intakes.
 *
 * "Due" (the rules are silent; decided here): an intake is due once it has been taken or its window
 * has fully passed (missed). A pending intake (future, or its window still open) is not yet due, so
 * today's 20:00 dose does not lower adherence at noon, and a dose taken early counts at once.
 * With nothing due, adherence and on-time rate are null (no data), not 0 and not NaN.
 */

/** Raw counts of intakes. */
export interface Counts {
  /** All intakes. */
  scheduled: number;
  taken: number;
  missed: number;
  pending: number;
  /** Taken intakes by band. */
  onTime: number;
  about1h: number;
  over2h: number;
}

/** Counts with what follows from them. */
export interface Tally extends Counts {
  /** taken + missed. */
  due: number;
  /** taken / due, 0..1, or null when nothing is due. */
  adherence: number | null;
  /** onTime / due, 0..1, or null when nothing is due. */
  onTimeRate: number | null;
}

export const emptyCounts = (): Counts => ({
  scheduled: 0,
  taken: 0,
  missed: 0,
  pending: 0,
  onTime: 0,
  about1h: 0,
  over2h: 0,
});

/** Adds one intake to `counts` (mutates and returns it). */
export function countIntake(counts: Counts, status: IntakeStatus, band: Band | null): Counts {
  counts.scheduled++;
  counts[status]++;
  if (band === 'on_time') counts.onTime++;
  else if (band === 'about_1h') counts.about1h++;
  else if (band === 'over_2h') counts.over2h++;
  return counts;
}

/** Adds `more` into `counts` (mutates and returns it). */
export function addCounts(counts: Counts, more: Counts): Counts {
  counts.scheduled += more.scheduled;
  counts.taken += more.taken;
  counts.missed += more.missed;
  counts.pending += more.pending;
  counts.onTime += more.onTime;
  counts.about1h += more.about1h;
  counts.over2h += more.over2h;
  return counts;
}

/** The tally of some counts: due, adherence and on-time rate. */
export function tallyOf(counts: Counts): Tally {
  const due = counts.taken + counts.missed;
  return {
    scheduled: counts.scheduled,
    taken: counts.taken,
    missed: counts.missed,
    pending: counts.pending,
    onTime: counts.onTime,
    about1h: counts.about1h,
    over2h: counts.over2h,
    due,
    adherence: due === 0 ? null : counts.taken / due,
    onTimeRate: due === 0 ? null : counts.onTime / due,
  };
}
