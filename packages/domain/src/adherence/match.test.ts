import { describe, expect, it } from 'vitest';
import { matchPresses } from './match';

const MIN = 60_000;
const H = 60 * MIN;
const t = (hh: number, mm = 0): number => hh * H + mm * MIN;

describe('matchPresses', () => {
  it('pairs each press with its nearest intake when they do not compete', () => {
    expect(matchPresses([t(8, 5), t(20, 10)], [t(8), t(20)])).toEqual({
      pairs: [
        { press: 0, intake: 0 },
        { press: 1, intake: 1 },
      ],
      unmatched: [],
    });
  });

  it('prefers more pairs to the nearest intake (greedy would pair 21:40 with 23:00)', () => {
    const result = matchPresses([t(21, 40), t(23, 10)], [t(20), t(23)]);
    expect(result.pairs).toEqual([
      { press: 0, intake: 0 },
      { press: 1, intake: 1 },
    ]);
  });

  it('among as many pairs, takes the least total distance', () => {
    // 08:00 and 09:00 intakes, one press at 08:50: it belongs to 09:00.
    expect(matchPresses([t(8, 50)], [t(8), t(9)]).pairs).toEqual([{ press: 0, intake: 1 }]);
  });

  it('pairs up to 4 hours apart and no further', () => {
    expect(matchPresses([t(12)], [t(8)]).pairs).toEqual([{ press: 0, intake: 0 }]);
    expect(matchPresses([t(12) + 1], [t(8)])).toEqual({ pairs: [], unmatched: [0] });
    expect(matchPresses([t(4)], [t(8)]).pairs).toHaveLength(1);
  });

  it('reports extra presses as unmatched', () => {
    expect(matchPresses([t(7, 50), t(8, 10), t(14)], [t(8)])).toEqual({
      pairs: [{ press: 1, intake: 0 }],
      unmatched: [0, 2],
    });
    expect(matchPresses([t(8)], [])).toEqual({ pairs: [], unmatched: [0] });
    expect(matchPresses([], [t(8)])).toEqual({ pairs: [], unmatched: [] });
  });

  it('refuses unsorted lists', () => {
    expect(() => matchPresses([t(9), t(8)], [])).toThrow(RangeError);
    expect(() => matchPresses([], [t(9), t(8)])).toThrow(RangeError);
  });
});
