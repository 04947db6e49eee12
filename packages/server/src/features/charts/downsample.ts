/**
 * Chart series reduced for display with their peaks kept: the range is cut into equal time buckets,
 * and in each bucket the readings holding the minimum and the maximum of every series are kept (plus
 * the first and last reading). The series share one time axis, so every series keeps its extremes
 * in every bucket. The bucket count is lowered until at most `maxPoints` readings remain.
 *
 * Columnar input: `times` ascending, each series as long as `times` (null = no value there).
 * Returns the indices to keep, ascending.
 */
export function minMaxBuckets(
  times: readonly number[],
  series: readonly (readonly (number | null)[])[],
  maxPoints: number,
) {
  const n = times.length;
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => i);
  let buckets = Math.max(1, Math.floor(maxPoints / 2));
  for (;;) {
    const kept = pick(times, series, buckets);
    if (kept.length <= maxPoints || buckets === 1) return kept;
    buckets = Math.max(1, Math.min(buckets - 1, Math.floor((buckets * maxPoints) / kept.length)));
  }
}

function pick(
  times: readonly number[],
  series: readonly (readonly (number | null)[])[],
  buckets: number,
): number[] {
  const n = times.length;
  const first = times[0] ?? 0;
  const span = (times[n - 1] ?? 0) - first;
  const width = span > 0 ? span / buckets : 1;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const s = series.length;
  // Per series: the index of the bucket's minimum and maximum so far.
  const minAt = new Int32Array(s).fill(-1);
  const maxAt = new Int32Array(s).fill(-1);
  let bucket = -1;
  const flush = () => {
    for (let k = 0; k < s; k++) {
      const lo = minAt[k] ?? -1;
      const hi = maxAt[k] ?? -1;
      if (lo >= 0) keep[lo] = 1;
      if (hi >= 0) keep[hi] = 1;
      minAt[k] = -1;
      maxAt[k] = -1;
    }
  };
  for (let i = 0; i < n; i++) {
    const b = Math.min(buckets - 1, Math.floor(((times[i] ?? 0) - first) / width));
    if (b !== bucket) {
      flush();
      bucket = b;
    }
    for (let k = 0; k < s; k++) {
      const v = series[k]?.[i];
      if (v === null || v === undefined) continue;
      const column = series[k] as readonly (number | null)[];
      const lo = minAt[k] ?? -1;
      const hi = maxAt[k] ?? -1;
      if (lo < 0 || v < (column[lo] as number)) minAt[k] = i;
      if (hi < 0 || v > (column[hi] as number)) maxAt[k] = i;
    }
  }
  flush();
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(i);
  return out;
}
