import { describe, expect, it } from 'vitest';
import { outOfRangeSpans, type StorageAlertMedicine } from './storage-alerts';

const interval = (start: string, end: string, reasons: ('too_cold' | 'too_warm' | 'too_humid')[]) => ({
  start: `2026-01-15T${start}:00.000Z`,
  end: `2026-01-15T${end}:00.000Z`,
  minutes: 0,
  reasons,
  lowest: null,
  highest: null,
  humidityHighest: null,
  deveui: 'A',
});
const medicine = (intervals: ReturnType<typeof interval>[]): StorageAlertMedicine => ({
  id: 1,
  name: 'Insulin',
  storage_temp_min: 2,
  storage_temp_max: 8,
  storage_humidity_max: 60,
  minutesOut: 0,
  intervals,
});
const at = (time: string) => Date.parse(`2026-01-15T${time}:00.000Z`);

describe('out-of-range spans for the charts', () => {
  it('keeps temperature and humidity apart and merges overlapping stretches of several medicines', () => {
    const a = medicine([interval('10:00', '11:00', ['too_warm']), interval('12:00', '12:30', ['too_humid'])]);
    const b = medicine([
      interval('10:30', '11:30', ['too_cold', 'too_humid']),
      interval('14:00', '14:15', ['too_warm']),
    ]);
    expect(outOfRangeSpans([a, b], 'temperature')).toEqual([
      [at('10:00'), at('11:30')],
      [at('14:00'), at('14:15')],
    ]);
    expect(outOfRangeSpans([a, b], 'humidity')).toEqual([
      [at('10:30'), at('11:30')],
      [at('12:00'), at('12:30')],
    ]);
    expect(outOfRangeSpans([], 'humidity')).toEqual([]);
  });
});
