import { describe, expect, it } from 'vitest';
import { formatDuration, formatStorageRange } from './storage';

const t = (key: string, o?: Record<string, unknown>) => `${key.split('.').pop()}(${o?.value})`;

describe('the storage card', () => {
  it('writes a range, one limit, and the humidity limit', () => {
    expect(
      formatStorageRange({ storage_temp_min: 15, storage_temp_max: 25, storage_humidity_max: 60 }, 'en', t),
    ).toBe('15–25\u00a0°C · atMost(60\u00a0%)');
    expect(
      formatStorageRange(
        { storage_temp_min: 2.5, storage_temp_max: null, storage_humidity_max: null },
        'de',
        t,
      ),
    ).toBe('atLeast(2,5\u00a0°C)');
    expect(
      formatStorageRange(
        { storage_temp_min: null, storage_temp_max: 8, storage_humidity_max: null },
        'en',
        t,
      ),
    ).toBe('atMost(8\u00a0°C)');
  });

  it('writes a duration in hours and minutes in the page language', () => {
    expect(formatDuration(30, 'en')).toBe('30 min');
    expect(formatDuration(120, 'en')).toBe('2 hr');
    expect(formatDuration(90, 'en')).toBe('1 hr 30 min');
    expect(formatDuration(90, 'de')).toBe('1 Std. 30 Min.');
  });
});
