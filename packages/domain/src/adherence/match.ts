import { MATCH_WINDOW_MS } from './constants';

/*
 * Press ↔ intake matching within one chart day (ARCHITECTURE section 4): merged presses are matched
 * one-to-one to intakes so that the number of pairs is the largest and, among those, the sum of
 * |press − scheduled| is the smallest. A pair is allowed only when |Δ| <= 4 h. Presses left over are
 * reported as unmatched, never dropped.
 *
 * Why a dynamic programme over the two sorted lists finds the optimum: if p1 < p2 were paired with
 * s2 > s1 (crossing), pairing p1–s1 and p2–s2 instead keeps both pairs within the window (each new
 * distance is below one of the old ones) and does not raise the total (|x − y| is a Monge cost).
 * So some optimal matching is non-crossing, and best(i, j) over the first i presses and first j
 * intakes is the better of: press i unmatched, intake j unmatched, or press i paired with intake j.
 * O(n·m) time and memory; a chart day has a handful of each.
 */

export interface MatchPair {
  /** Index into the presses. */
  press: number;
  /** Index into the intakes' scheduled instants. */
  intake: number;
}

export interface MatchResult {
  /** Pairs in increasing order of both indices. */
  pairs: MatchPair[];
  /** Indices of the presses paired with no intake, ascending. */
  unmatched: number[];
}

const SKIP_PRESS = 0;
const SKIP_INTAKE = 1;
const PAIR = 2;

function requireAscending(values: readonly number[], what: string): void {
  for (let i = 1; i < values.length; i++) {
    if ((values[i] as number) < (values[i - 1] as number))
      throw new RangeError(`${what} must be sorted ascending`);
  }
}

/**
 * The optimal one-to-one matching of `presses` to `scheduled` (both ascending, epoch ms): the most
 * pairs with |press − scheduled| <= `windowMs`, then the least total |Δ|. Ties between equally good
 * matchings are broken the same way every time (working back from the last press and intake:
 * pair them, else leave the press unmatched, else the intake).
 */
export function matchPresses(
  presses: readonly number[],
  scheduled: readonly number[],
  windowMs: number = MATCH_WINDOW_MS,
): MatchResult {
  requireAscending(presses, 'presses');
  requireAscending(scheduled, 'scheduled instants');
  const n = presses.length;
  const m = scheduled.length;
  const width = m + 1;
  const count = new Int32Array((n + 1) * width);
  const cost = new Float64Array((n + 1) * width);
  const choice = new Uint8Array((n + 1) * width);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const at = i * width + j;
      if (i === 0 && j === 0) continue;
      let bestCount = -1;
      let bestCost = 0;
      let best = SKIP_PRESS;
      if (i > 0 && j > 0) {
        const delta = Math.abs((presses[i - 1] as number) - (scheduled[j - 1] as number));
        if (delta <= windowMs) {
          const from = at - width - 1;
          bestCount = (count[from] as number) + 1;
          bestCost = (cost[from] as number) + delta;
          best = PAIR;
        }
      }
      if (i > 0) {
        const from = at - width;
        const c = count[from] as number;
        if (c > bestCount || (c === bestCount && (cost[from] as number) < bestCost)) {
          bestCount = c;
          bestCost = cost[from] as number;
          best = SKIP_PRESS;
        }
      }
      if (j > 0) {
        const from = at - 1;
        const c = count[from] as number;
        if (c > bestCount || (c === bestCount && (cost[from] as number) < bestCost)) {
          bestCount = c;
          bestCost = cost[from] as number;
          best = SKIP_INTAKE;
        }
      }
      count[at] = bestCount;
      cost[at] = bestCost;
      choice[at] = best;
    }
  }
  const pairs: MatchPair[] = [];
  const unmatched: number[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const step = choice[i * width + j];
    if (step === PAIR) pairs.push({ press: --i, intake: --j });
    else if (step === SKIP_PRESS && i > 0) unmatched.push(--i);
    else j--;
  }
  return { pairs: pairs.reverse(), unmatched: unmatched.reverse() };
}
