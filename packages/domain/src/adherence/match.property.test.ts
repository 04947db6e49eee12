import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_WINDOW_MS } from './constants';
import { matchPresses } from './match';

/** The best (most pairs, then least total |Δ|) over every partial one-to-one matching. */
function bruteForce(
  presses: readonly number[],
  scheduled: readonly number[],
): { pairs: number; cost: number } {
  let best = { pairs: 0, cost: 0 };
  const used = new Set<number>();
  const visit = (i: number, pairs: number, cost: number): void => {
    if (i === presses.length) {
      if (pairs > best.pairs || (pairs === best.pairs && cost < best.cost)) best = { pairs, cost };
      return;
    }
    visit(i + 1, pairs, cost);
    for (let j = 0; j < scheduled.length; j++) {
      const delta = Math.abs((presses[i] as number) - (scheduled[j] as number));
      if (used.has(j) || delta > MATCH_WINDOW_MS) continue;
      used.add(j);
      visit(i + 1, pairs + 1, cost + delta);
      used.delete(j);
    }
  };
  visit(0, 0, 0);
  return best;
}

// Minutes over 16 hours, so pairs often compete, windows overlap and distances tie.
const instants = fc
  .uniqueArray(fc.integer({ min: 0, max: 16 * 60 }), { maxLength: 6 })
  .map((minutes) => minutes.map((m) => m * 60_000).sort((a, b) => a - b));

describe('matchPresses properties', () => {
  it('is one-to-one, keeps every press and pairs only within 4 hours', () => {
    fc.assert(
      fc.property(instants, instants, (presses, scheduled) => {
        const { pairs, unmatched } = matchPresses(presses, scheduled);
        const pressIds = [...pairs.map((p) => p.press), ...unmatched].sort((a, b) => a - b);
        expect(pressIds).toEqual(presses.map((_, i) => i));
        expect(new Set(pairs.map((p) => p.intake)).size).toBe(pairs.length);
        for (const { press, intake } of pairs) {
          expect(Math.abs((presses[press] as number) - (scheduled[intake] as number))).toBeLessThanOrEqual(
            MATCH_WINDOW_MS,
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('equals the brute-force optimum: most pairs, then least total |Δ|', () => {
    fc.assert(
      fc.property(instants, instants, (presses, scheduled) => {
        const { pairs } = matchPresses(presses, scheduled);
        const cost = pairs.reduce(
          (sum, { press, intake }) =>
            sum + Math.abs((presses[press] as number) - (scheduled[intake] as number)),
          0,
        );
        expect({ pairs: pairs.length, cost }).toEqual(bruteForce(presses, scheduled));
      }),
      { numRuns: 500 },
    );
  });
});
