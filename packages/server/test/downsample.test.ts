import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minMaxBuckets } from '../src/features/charts/downsample';

describe('min/max bucket downsampling', () => {
  it('keeps short series whole', () => {
    expect(minMaxBuckets([1, 2, 3], [[5, null, 7]], 1000)).toEqual([0, 1, 2]);
    expect(minMaxBuckets([], [[]], 10)).toEqual([]);
  });

  it('reduces a year of 10-minute readings to at most 1,000 points and keeps every series’ peaks', () => {
    const n = 52_560;
    const times = Array.from({ length: n }, (_, i) => i * 600_000);
    const temperature = times.map((_, i) => 21 + 2 * Math.sin(i / 72));
    const humidity = times.map((_, i) => 45 + 5 * Math.cos(i / 50));
    const battery = times.map((_, i) => 100 - (i / n) * 30);
    const motion = times.map((_, i) => (i % 97 === 0 ? 3 : 0));
    temperature[12_345] = 41.5; // a heat spike of one reading
    humidity[40_000] = 2;
    const keep = minMaxBuckets(times, [temperature, humidity, battery, motion], 1000);
    expect(keep.length).toBeLessThanOrEqual(1000);
    expect(keep.length).toBeGreaterThan(500);
    expect(keep).toContain(12_345);
    expect(keep).toContain(40_000);
    expect(keep[0]).toBe(0);
    expect(keep.at(-1)).toBe(n - 1);
    expect([...keep].sort((a, b) => a - b)).toEqual(keep);
  });

  it('never answers more points than asked and always keeps the global extremes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -1000, max: 1000 }), { freq: 5 }), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.integer({ min: 10, max: 60 }),
        (values, maxPoints) => {
          const times = values.map((_, i) => i * 1000 + (i % 3));
          const keep = minMaxBuckets(times, [values, values.map((v) => (v === null ? null : -v))], maxPoints);
          expect(keep.length).toBeLessThanOrEqual(Math.max(maxPoints, 0) || values.length);
          const present = values.filter((v): v is number => v !== null);
          if (present.length > 0) {
            const kept = keep.map((i) => values[i]).filter((v): v is number => v !== null && v !== undefined);
            expect(kept).toContain(Math.max(...present));
            expect(kept).toContain(Math.min(...present));
          }
        },
      ),
    );
  });
});
