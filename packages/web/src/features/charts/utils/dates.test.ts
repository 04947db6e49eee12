import { describe, expect, it } from 'vitest';
import { chartDayOf, localDateOf } from './dates';

describe('chart days and calendar dates', () => {
  it('keeps the night before 03:00 in the previous chart day, but not in the calendar date', () => {
    const night = Date.parse('2026-11-24T01:15:00Z'); // 02:15 in Berlin
    expect(chartDayOf(night, 'Europe/Berlin')).toBe('2026-11-23');
    expect(localDateOf(night, 'Europe/Berlin')).toBe('2026-11-24');
    const morning = Date.parse('2026-11-24T08:00:00Z');
    expect(chartDayOf(morning, 'Europe/Berlin')).toBe('2026-11-24');
    expect(localDateOf(morning, 'America/New_York')).toBe('2026-11-24');
  });
});
