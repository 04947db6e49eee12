import { describe, expect, it } from 'vitest';
import {
  checkMedicineDates,
  INVALID_DATE_MESSAGE,
  isWithinMedicineDates,
  START_AFTER_END_MESSAGE,
} from './medicine-dates';

describe('medicine dates', () => {
  it('refuses a start after the end with the spec message', () => {
    expect(START_AFTER_END_MESSAGE).toBe('The start date is greater than the end date');
    expect(checkMedicineDates('2025-03-02', '2025-03-01')).toEqual({
      field: 'endDate',
      message: START_AFTER_END_MESSAGE,
    });
  });

  it('allows a one-day range and an open end', () => {
    expect(checkMedicineDates('2025-03-01', '2025-03-01')).toBeNull();
    expect(checkMedicineDates('2025-03-01', null)).toBeNull();
    expect(checkMedicineDates(null, undefined)).toBeNull();
  });

  it('refuses dates that do not exist', () => {
    expect(checkMedicineDates('2025-02-29', null)).toEqual({
      field: 'startDate',
      message: INVALID_DATE_MESSAGE,
    });
    expect(checkMedicineDates('2025-02-01', '2025-02-30')?.field).toBe('endDate');
  });

  it('tells whether a date lies within the range', () => {
    expect(isWithinMedicineDates('2025-03-01', '2025-03-01', '2025-03-05')).toBe(true);
    expect(isWithinMedicineDates('2025-03-05', '2025-03-01', '2025-03-05')).toBe(true);
    expect(isWithinMedicineDates('2025-03-06', '2025-03-01', '2025-03-05')).toBe(false);
    expect(isWithinMedicineDates('2030-01-01', '2025-03-01', null)).toBe(true);
  });
});
