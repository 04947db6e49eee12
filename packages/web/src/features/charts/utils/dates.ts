/*
 * Calendar dates 'YYYY-MM-DD' and the chart day (03:00 to 03:00 local, ARCHITECTURE section 4) as
 * this page needs them: Intl reads the wall clock in the profile's zone, so no zone library is loaded.
 */

const DAY_MS = 86_400_000;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const wallParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in the zone (no 03:00 rule: the sensor series are instants). */
export const localDateOf = (instant: number | string, zone: string): string => wallDate(instant, zone).date;

/** The chart day an instant belongs to: before 03:00 it is still the previous day's. */
export function chartDayOf(instant: number | string, zone: string): string {
  const { date, hour } = wallDate(instant, zone);
  return hour < 3 ? addDays(date, -1) : date;
}

function wallDate(instant: number | string, zone: string): { date: string; hour: number } {
  let format = wallParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    wallParts.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}
