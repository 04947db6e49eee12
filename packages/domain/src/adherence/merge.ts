import { MERGE_WINDOW_MS } from './constants';

/**
 * Press merging (spec section 4): presses are sorted by time; a press at most `windowMs` (60 s) after
 * the FIRST press of the current group belongs to that group; only the first press of each group is
 * kept. So presses at 0 s, 50 s and 100 s give 0 s and 100 s: the group is anchored on its first
 * press and does not slide. Values that are not finite numbers are not presses and are ignored.
 * Returns a new ascending array; the input is left as it is.
 */
export function mergePresses(presses: readonly number[], windowMs: number = MERGE_WINDOW_MS): number[] {
  const sorted = presses.filter(Number.isFinite).sort((a, b) => a - b);
  const kept: number[] = [];
  let groupStart = Number.NEGATIVE_INFINITY;
  for (const press of sorted) {
    if (press - groupStart <= windowMs) continue;
    kept.push(press);
    groupStart = press;
  }
  return kept;
}
