import { describe, expect, it } from 'vitest';
import { addDays, addMonths, chartDayMinutes, chartDayOf, eachDate, lastOfMonth, weekdayOf } from './dates';

const at = (iso: string) => Date.parse(iso);

describe('chart days in the web', () => {
  it('run from 03:00 to 03:00 local time: 01:00 still belongs to the day before', () => {
    expect(chartDayOf(at('2026-11-23T07:00:00Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(chartDayOf(at('2026-11-23T00:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22'); // 01:30 local
    expect(chartDayOf(at('2026-11-23T02:00:00Z'), 'Europe/Berlin')).toBe('2026-11-23'); // 03:00 local
    expect(chartDayOf(at('2026-11-23T03:30:00Z'), 'America/New_York')).toBe('2026-11-22'); // 22:30 local
  });

  it('follow daylight saving time (Berlin, 29 March 2026: 02:00 becomes 03:00)', () => {
    expect(chartDayOf(at('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe('2026-03-28'); // 01:59 CET
    expect(chartDayOf(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29'); // 03:00 CEST
  });

  it('place a time of day on the chart axis, the night after midnight at its end', () => {
    expect(chartDayMinutes(at('2026-11-23T07:05:00Z'), 'Europe/Berlin')).toBe(8 * 60 + 5);
    expect(chartDayMinutes(at('2026-11-23T00:30:00Z'), 'Europe/Berlin')).toBe(25 * 60 + 30);
  });

  it('count calendar dates and months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(eachDate('2026-01-02', '2026-01-01')).toEqual([]);
    expect(lastOfMonth('2026-02')).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(weekdayOf('2026-11-23')).toBe(0); // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6);
  });
});
