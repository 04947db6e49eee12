import type { AdherenceDay } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { cumulative } from './cumulative';

const day = (date: string, due: number, taken: number, onTime: number, byHand = 0) =>
  ({ date, due, taken, onTime, byHand }) as AdherenceDay;

describe('the cumulative chart', () => {
  it('adds up due, taken and on-time doses day by day', () => {
    expect(
      cumulative([day('2026-11-01', 2, 2, 1), day('2026-11-02', 2, 1, 1), day('2026-11-03', 0, 0, 0)]),
    ).toEqual([
      { date: '2026-11-01', due: 2, taken: 2, byHand: 0, onTime: 1 },
      { date: '2026-11-02', due: 4, taken: 3, byHand: 0, onTime: 2 },
      { date: '2026-11-03', due: 4, taken: 3, byHand: 0, onTime: 2 },
    ]);
  });

  it('counts a dose confirmed by hand as taken, and apart', () => {
    expect(cumulative([day('2026-11-01', 2, 1, 1, 1), day('2026-11-02', 1, 0, 0, 1)])).toEqual([
      { date: '2026-11-01', due: 2, taken: 2, byHand: 1, onTime: 1 },
      { date: '2026-11-02', due: 3, taken: 3, byHand: 2, onTime: 1 },
    ]);
  });
});
