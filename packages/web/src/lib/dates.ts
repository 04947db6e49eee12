/*
 * Calendar dates 'YYYY-MM-DD' and the chart day (03:00 to 03:00 local, ARCHITECTURE section 4) as
 * the web needs them: Intl reads the wall clock in the profile's zone, so no zone library is loaded.
 */

const DAY_MS = 86_400_000;
/** The chart day starts at 03:00 local time. */
export const CHART_DAY_START_HOUR = 3;

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string =>
  iso(new Date(toDate(date).getTime() + days * DAY_MS));

/** Days from `from` to `to`, both included ([] when from > to). */
export function eachDate(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const wallParts = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of an instant in a zone: date 'YYYY-MM-DD' and minutes after midnight. */
export function wallClock(instant: number | string, zone: string): { date: string; minutes: number } {
  let format = wallParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallParts.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The chart day an instant belongs to: before 03:00 it is still the previous day's. */
export function chartDayOf(instant: number | string, zone: string): string {
  const { date, minutes } = wallClock(instant, zone);
  return minutes < CHART_DAY_START_HOUR * 60 ? addDays(date, -1) : date;
}

/** Minutes after the chart day's midnight (03:00 is 180, 02:00 the next night is 1560). */
export function chartDayMinutes(instant: number | string, zone: string): number {
  const { minutes } = wallClock(instant, zone);
  return minutes < CHART_DAY_START_HOUR * 60 ? minutes + 1440 : minutes;
}

/** 'YYYY-MM' of a date, the first and the last day of that month. */
export const monthOf = (date: string) => date.slice(0, 7);
export const firstOfMonth = (month: string) => `${month}-01`;
export function lastOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return iso(new Date(Date.UTC(y ?? 1970, m ?? 1, 0)));
}
export const addMonths = (month: string, n: number): string => {
  const [y, m] = month.split('-').map(Number);
  return iso(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + n, 1))).slice(0, 7);
};

/** Monday-first weekday (0 = Monday … 6 = Sunday). */
export const weekdayOf = (date: string) => (toDate(date).getUTCDay() + 6) % 7;
