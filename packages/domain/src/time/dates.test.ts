import { describe, expect, it } from 'vitest';
import { addDays, dateOfDayNumber, dayNumberOf, eachDate, isIsoDate, isoWeekOf, monthOf } from './dates';

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('2025-01-01T00:00')).toBe(false);
    expect(dayNumberOf('1970-01-02')).toBe(1);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('lists every date of a range, both ends included', () => {
    expect(eachDate('2025-03-29', '2025-04-01')).toEqual([
      '2025-03-29',
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
    ]);
    expect(eachDate('2025-03-29', '2025-03-29')).toEqual(['2025-03-29']);
    expect(eachDate('2025-03-30', '2025-03-29')).toEqual([]);
    expect(() => eachDate('2025-03-32', '2025-04-01')).toThrow(RangeError);
  });

  it('names ISO weeks, including those that straddle a new year', () => {
    expect(isoWeekOf('2025-01-01')).toBe('2025-W01');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2024-12-29')).toBe('2024-W52');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2025-03-30')).toBe('2025-W13');
    expect(isoWeekOf('2025-03-31')).toBe('2025-W14');
    expect(monthOf('2025-03-31')).toBe('2025-03');
  });
});

describe('day numbers', () => {
  it('agree with Date for every day from 1600 to 2400', () => {
    const first = Date.UTC(1600, 0, 1) / 86_400_000;
    const last = Date.UTC(2400, 11, 31) / 86_400_000;
    for (let n = first; n <= last; n++) {
      const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
      if (dateOfDayNumber(n) !== iso || dayNumberOf(iso) !== n) {
        expect([dateOfDayNumber(n), dayNumberOf(iso)]).toEqual([iso, n]);
      }
    }
  });
});
