import { describe, expect, it } from 'vitest';
import {
  type ClimateReading,
  checkStorageRange,
  minutesOf,
  outOfRangeIntervals,
  type StorageRange,
} from './index';

const MIN = 60_000;
const range: StorageRange = { storage_temp_min: 15, storage_temp_max: 25, storage_humidity_max: 60 };
const at = (
  minutes: number,
  temperature: number | null,
  humidity: number | null = 40,
  deveui = 'A',
): ClimateReading => ({
  at: minutes * MIN,
  temperature,
  humidity,
  deveui,
});
const opts = { maxGapMs: 60 * MIN, tailMs: 15 * MIN, until: 10_000 * MIN };

describe('storage range', () => {
  it('names the field of a bad range, and takes a partial or empty one', () => {
    expect(checkStorageRange({ storage_temp_min: 25, storage_temp_max: 15 })?.field).toBe('storage_temp_max');
    expect(checkStorageRange({ storage_temp_min: 20, storage_temp_max: 20 })?.field).toBe('storage_temp_max');
    expect(checkStorageRange({ storage_temp_min: -80 })?.field).toBe('storage_temp_min');
    expect(checkStorageRange({ storage_temp_max: 90 })?.field).toBe('storage_temp_max');
    expect(checkStorageRange({ storage_humidity_max: 0 })?.field).toBe('storage_humidity_max');
    expect(checkStorageRange({ storage_humidity_max: 120 })?.field).toBe('storage_humidity_max');
    expect(
      checkStorageRange({ storage_temp_min: 2, storage_temp_max: 8, storage_humidity_max: 60 }),
    ).toBeNull();
    expect(checkStorageRange({ storage_temp_max: 25 })).toBeNull();
    expect(checkStorageRange({})).toBeNull();
  });

  it('finds a stretch from the first reading out to the next reading back in, with its extremes', () => {
    const readings = [at(0, 20), at(15, 26), at(30, 28, 65), at(45, 24), at(60, 22)];
    expect(outOfRangeIntervals(readings, range, opts)).toEqual([
      {
        start: 15 * MIN,
        end: 45 * MIN,
        reasons: ['too_warm', 'too_humid'],
        lowest: 26,
        highest: 28,
        humidityHighest: 65,
        deveui: 'A',
      },
    ]);
  });

  it('tells cold from warm and ignores a limit the medicine does not set', () => {
    const readings = [at(0, 10), at(15, 20), at(30, 30, 90)];
    const onlyMax = { storage_temp_min: null, storage_temp_max: 25, storage_humidity_max: null };
    expect(outOfRangeIntervals(readings, onlyMax, opts).map((i) => i.reasons)).toEqual([['too_warm']]);
    expect(outOfRangeIntervals(readings, range, opts).map((i) => i.reasons)).toEqual([
      ['too_cold'],
      ['too_warm', 'too_humid'],
    ]);
  });

  it('does not stretch over a silence or onto another box, and the last reading holds its interval', () => {
    const silence = [at(0, 30), at(300, 30), at(315, 20)];
    const parts = outOfRangeIntervals(silence, range, opts);
    expect(parts.map((i) => [i.start / MIN, i.end / MIN])).toEqual([
      [0, 15],
      [300, 315],
    ]);
    const boxes = [at(0, 30, 40, 'A'), at(15, 30, 40, 'B')];
    expect(
      outOfRangeIntervals(boxes, range, opts).map((i) => [i.deveui, i.start / MIN, i.end / MIN]),
    ).toEqual([
      ['A', 0, 15],
      ['B', 15, 30],
    ]);
    expect(minutesOf(parts)).toBe(30);
  });

  it('ends a stretch at the end of the asked range', () => {
    const parts = outOfRangeIntervals([at(0, 30)], range, { ...opts, until: 5 * MIN });
    expect(parts.map((i) => i.end / MIN)).toEqual([5]);
  });

  it('finds nothing when every reading is in range or says nothing', () => {
    expect(outOfRangeIntervals([at(0, 20), at(15, null, null), at(30, 21)], range, opts)).toEqual([]);
  });
});
