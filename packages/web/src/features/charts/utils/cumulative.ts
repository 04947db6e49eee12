import type { AdherenceDay } from '@dosedot/domain';

/**
 * Running totals per chart day since the first day: doses due, taken (by a box press or confirmed by
 * hand: both are not missed), of those confirmed by hand, and taken on time.
 */
export interface CumulativePoint {
  date: string;
  due: number;
  taken: number;
  byHand: number;
  onTime: number;
}

export function cumulative(days: AdherenceDay[]): CumulativePoint[] {
  let due = 0;
  let taken = 0;
  let byHand = 0;
  let onTime = 0;
  return days.map((d) => {
    due += d.due;
    taken += d.taken + d.byHand;
    byHand += d.byHand;
    onTime += d.onTime;
    return { date: d.date, due, taken, byHand, onTime };
  });
}
