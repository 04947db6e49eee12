import { describe, expect, it } from 'vitest';
import { addMonths, firstOfMonth, lastOfMonth, weekdayOf } from './dates';

describe('months and weekdays in the web', () => {
  it('count months', () => {
    expect(firstOfMonth('2026-02')).toBe('2026-02-01');
    expect(lastOfMonth('2026-02')).toBe('2026-02-28');
    expect(lastOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastOfMonth('2026-12')).toBe('2026-12-31');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', -17)).toBe('2024-12');
  });

  it('name weekdays from Monday', () => {
    expect(weekdayOf('2026-11-23')).toBe(0); // a Monday
    expect(weekdayOf('2026-11-29')).toBe(6);
    expect(weekdayOf('1970-01-01')).toBe(3); // a Thursday
    expect(weekdayOf('1969-12-29')).toBe(0);
  });
});
