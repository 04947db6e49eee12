import type { BucketRow, ChartRow } from './queries';

/**
 * Min/max buckets: a long range is cut into equal time buckets (the database groups them), and each
 * bucket becomes at most two points on the shared time axis: at its first reading every series'
 * minimum, at its last reading every series' maximum. So every peak and trough of every series stays
 * on the chart at the bucket's resolution, and 500 buckets give at most 1,000 points.
 */
export function bucketPoints(buckets: readonly BucketRow[]): ChartRow[] {
  const points: ChartRow[] = [];
  for (const b of buckets) {
    points.push({
      measured_at: b.first_at,
      temperature: b.t_min,
      humidity: b.h_min,
      battery: b.b_min,
      motion: b.m_min,
    });
    if (b.last_at !== b.first_at)
      points.push({
        measured_at: b.last_at,
        temperature: b.t_max,
        humidity: b.h_max,
        battery: b.b_max,
        motion: b.m_max,
      });
  }
  return points;
}

/** The bucket width for at most `maxPoints` points over [from, to): two points per bucket. */
export function bucketWidth(from: number, to: number, maxPoints: number): number {
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  return Math.max(1, Math.ceil((to - from) / buckets));
}
