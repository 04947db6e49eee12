/*
 * Calendar dates as 'YYYY-MM-DD' strings: no time zone is involved, a date is a day of the
 * proleptic Gregorian calendar. Day numbers count days since 1970-01-01 (day 0).
 */

export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a proleptic Gregorian date (H. Hinnant's days_from_civil); month 1–12. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : 30 + ((month + (month >> 3)) & 1);

/** The day number of a 'YYYY-MM-DD' date, or NaN when it is not a real calendar date. */
export function dayNumberOf(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  return daysFromCivil(year, month, day);
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
export function dateOfDayNumber(dayNumber: number): string {
  // H. Hinnant's civil_from_days.
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** The date `days` days after `date` (negative: before). */
export const addDays = (date: string, days: number): string => dateOfDayNumber(requireDayNumber(date) + days);

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
