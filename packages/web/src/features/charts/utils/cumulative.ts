import type { AdherenceDay } from '@dosedot/domain';

/** Running totals per chart day: doses due, taken and taken on time since the first day. */
export interface CumulativePoint {
  date: string;
  due: number;
  taken: number;
  onTime: number;
}

export function cumulative(days: AdherenceDay[]): CumulativePoint[] {
  let due = 0;
  let taken = 0;
  let onTime = 0;
  return days.map((d) => {
    due += d.due;
    taken += d.taken;
    onTime += d.onTime;
    return { date: d.date, due, taken, onTime };
  });
}
