/*
 * Calendar dates as 'YYYY-MM-DD' strings: no time zone is involved, a date is a day of the
 * proleptic Gregorian calendar. Day numbers count days since 1970-01-01 (day 0).
 */

export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a 'YYYY-MM-DD' date, or NaN when it is not a real calendar date. */
export function dayNumberOf(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return Number.NaN;
  // Date.UTC maps years 0–99 to 1900–1999; four-digit years below 100 are not dates we handle.
  if (check.getUTCFullYear() !== year) return Number.NaN;
  return ms / DAY_MS;
}

/** True for a real calendar date written 'YYYY-MM-DD' (2025-02-30 is not one). */
export const isIsoDate = (value: string): boolean => !Number.isNaN(dayNumberOf(value));

/** The day number of a date, or a RangeError naming the bad value. */
export function requireDayNumber(date: string, what = 'date'): number {
  const n = dayNumberOf(date);
  if (Number.isNaN(n)) throw new RangeError(`Invalid ${what} '${date}', expected YYYY-MM-DD`);
  return n;
}

/** The 'YYYY-MM-DD' date of a day number. */
export const dateOfDayNumber = (dayNumber: number): string =>
  new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The date `days` days after `date` (negative: before). */
export const addDays = (date: string, days: number): string =>
  dateOfDayNumber(requireDayNumber(date) + days);

/** Every date from `from` to `to`, both included; empty when `from` is after `to`. */
export function eachDate(from: string, to: string): string[] {
  const first = requireDayNumber(from, 'from date');
  const last = requireDayNumber(to, 'to date');
  const dates: string[] = [];
  for (let n = first; n <= last; n++) dates.push(dateOfDayNumber(n));
  return dates;
}

/**
 * The ISO 8601 week of a date, 'YYYY-Www': weeks start on Monday and week 1 is the week with the
 * year's first Thursday, so 2024-12-30 is in '2025-W01' and 2027-01-01 in '2026-W53'.
 */
export function isoWeekOf(date: string): string {
  const n = requireDayNumber(date);
  const mondayBased = (((n + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const thursday = n - mondayBased + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The month of a date, 'YYYY-MM'. */
export const monthOf = (date: string): string => date.slice(0, 7);
