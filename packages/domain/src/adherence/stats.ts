import type { Band, IntakeStatus } from './types';

/*
 * Statistics (ARCHITECTURE section 4): adherence = taken intakes (by the box or by hand) / due
 * intakes; on-time rate = on-time intakes / due intakes. Doses confirmed by hand are counted apart
 * from those a press took (`byHand`, `taken` is the box's); doses before tracking started
 * (`notTracked`, tracking.ts) are neither missed nor due.
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
  /** Taken: a press of the box matched. */
  taken: number;
  /** Confirmed by hand, without a press. */
  byHand: number;
  /** Scheduled before DoseDot tracked the medicine, and neither pressed nor confirmed. */
  notTracked: number;
  missed: number;
  pending: number;
  /** Taken intakes by band. */
  onTime: number;
  about1h: number;
  over2h: number;
}

/** Counts with what follows from them. */
export interface Tally extends Counts {
  /** taken + byHand + missed. */
  due: number;
  /** (taken + byHand) / due, 0..1, or null when nothing is due. */
  adherence: number | null;
  /** onTime / due, 0..1, or null when nothing is due. */
  onTimeRate: number | null;
}

export const emptyCounts = (): Counts => ({
  scheduled: 0,
  taken: 0,
  byHand: 0,
  notTracked: 0,
  missed: 0,
  pending: 0,
  onTime: 0,
  about1h: 0,
  over2h: 0,
});

const COUNT_OF = {
  taken: 'taken',
  by_hand: 'byHand',
  not_tracked: 'notTracked',
  missed: 'missed',
  pending: 'pending',
} as const satisfies Record<IntakeStatus, keyof Counts>;

/** Adds one intake to `counts` (mutates and returns it). */
export function countIntake(counts: Counts, status: IntakeStatus, band: Band | null): Counts {
  counts.scheduled++;
  counts[COUNT_OF[status]]++;
  if (band === 'on_time') counts.onTime++;
  else if (band === 'about_1h') counts.about1h++;
  else if (band === 'over_2h') counts.over2h++;
  return counts;
}

/** Adds `more` into `counts` (mutates and returns it). */
export function addCounts(counts: Counts, more: Counts): Counts {
  counts.scheduled += more.scheduled;
  counts.taken += more.taken;
  counts.byHand += more.byHand;
  counts.notTracked += more.notTracked;
  counts.missed += more.missed;
  counts.pending += more.pending;
  counts.onTime += more.onTime;
  counts.about1h += more.about1h;
  counts.over2h += more.over2h;
  return counts;
}

/** The tally of some counts: due, adherence and on-time rate. */
export function tallyOf(counts: Counts): Tally {
  const done = counts.taken + counts.byHand;
  const due = done + counts.missed;
  return {
    scheduled: counts.scheduled,
    taken: counts.taken,
    byHand: counts.byHand,
    notTracked: counts.notTracked,
    missed: counts.missed,
    pending: counts.pending,
    onTime: counts.onTime,
    about1h: counts.about1h,
    over2h: counts.over2h,
    due,
    adherence: due === 0 ? null : done / due,
    onTimeRate: due === 0 ? null : counts.onTime / due,
  };
}
