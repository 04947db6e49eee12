import { describe, expect, it } from 'vitest';
import { hasReadings, seriesPoints, seriesSummary } from './sensor-series';

const data = {
  deveui: 'A84041000181C001',
  from: '2026-01-15T05:00:00.000Z',
  to: '2026-01-16T05:00:00.000Z',
  sensorTime: ['2026-01-15T10:00:00.000Z', '2026-01-15T10:15:00.000Z', '2026-01-15T10:30:00.000Z'],
  temperature: [21.5, null, 23],
  humidity: [40, 42, 41],
  battery: [null, null, null],
  motion: [0, 1, 0],
};

describe('sensor series', () => {
  it('pairs each value with its instant and keeps gaps', () => {
    expect(seriesPoints(data, 'temperature')).toEqual([
      [Date.parse('2026-01-15T10:00:00.000Z'), 21.5],
      [Date.parse('2026-01-15T10:15:00.000Z'), null],
      [Date.parse('2026-01-15T10:30:00.000Z'), 23],
    ]);
  });

  it('sums a series up as lowest, highest and last, and nothing when it has no value', () => {
    expect(seriesSummary(seriesPoints(data, 'temperature'))).toEqual({ min: 21.5, max: 23, last: 23 });
    expect(seriesSummary(seriesPoints(data, 'battery'))).toBeNull();
  });

  it('tells whether the box reported anything', () => {
    expect(hasReadings(data)).toBe(true);
    expect(
      hasReadings({
        ...data,
        temperature: [null],
        humidity: [null],
        battery: [null],
        motion: [null],
        sensorTime: ['x'],
      }),
    ).toBe(false);
  });
});
