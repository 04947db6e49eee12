import { describe, expect, it } from 'vitest';
import { bucketPoints, bucketWidth } from '../src/features/charts/downsample';
import type { BucketRow } from '../src/features/charts/queries';

const bucket = (bucket: number, first: number, last: number, lo: number, hi: number): BucketRow => ({
  bucket,
  first_at: first,
  last_at: last,
  t_min: lo,
  t_max: hi,
  h_min: 40,
  h_max: 50,
  b_min: null,
  b_max: null,
  m_min: 0,
  m_max: 3,
});

describe('min/max buckets', () => {
  it('turns each bucket into its minima at its first reading and its maxima at its last', () => {
    expect(bucketPoints([bucket(0, 0, 500, 19.5, 22.1), bucket(1, 1000, 1000, 20, 20)])).toEqual([
      { measured_at: 0, temperature: 19.5, humidity: 40, battery: null, motion: 0 },
      { measured_at: 500, temperature: 22.1, humidity: 50, battery: null, motion: 3 },
      { measured_at: 1000, temperature: 20, humidity: 40, battery: null, motion: 0 },
    ]);
  });

  it('sizes the buckets for at most the asked points', () => {
    const year = 365 * 86_400_000;
    const width = bucketWidth(0, year, 1000);
    expect(Math.ceil(year / width) * 2).toBeLessThanOrEqual(1000);
    expect(bucketWidth(0, 10, 1000)).toBe(1);
    expect(bucketWidth(0, 100, 1)).toBe(100);
  });
});
