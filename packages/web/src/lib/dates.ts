import { addDays, requireDayNumber } from '@dosedot/domain/time';

/*
 * Months and weekdays of calendar dates 'YYYY-MM-DD', as the month calendars and pickers need them.
 * Days, chart days and local times come from the domain (@dosedot/domain/time and /adherence).
 */

/** The first day of a month 'YYYY-MM'. */
export const firstOfMonth = (month: string) => `${month}-01`;

/** The last day of a month 'YYYY-MM'. */
export const lastOfMonth = (month: string): string => addDays(firstOfMonth(addMonths(month, 1)), -1);

/** The month `n` months after `month` (negative: before), 'YYYY-MM'. */
export function addMonths(month: string, n: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/** Monday-first weekday (0 = Monday … 6 = Sunday). */
export const weekdayOf = (date: string) => (((requireDayNumber(date) + 3) % 7) + 7) % 7;
