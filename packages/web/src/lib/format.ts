import { formatInZone } from './time-zone';

/*
 * Dates and times in the page language (spec section 9): 'LL' for dates ("September 4, 2026"),
 * 'lll' for date-times ("Sep 4, 2026, 8:30 PM"), instants read in the profile's time zone.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, options);
    formats.set(key, f);
  }
  return f;
}

const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);
const LL: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const LLL_SHORT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** 'LL' of a calendar date 'YYYY-MM-DD'. */
export const formatDate = (date: string, lang: string) =>
  format(lang, { ...LL, timeZone: 'UTC' }).format(calendarDay(date));

/**
 * 'lll' of an instant in the zone (the patient's), with the zone's abbreviation when the reader's
 * clock reads another time then (an administrator elsewhere; lib/time-zone.ts, issue 24 item 6).
 */
export const formatDateTime = (instant: string | number, lang: string, zone: string, viewerZone?: string) =>
  formatInZone(instant, zone, lang, LLL_SHORT, viewerZone);

/** The time of day of an instant in the zone ('LT'). */
export const formatTime = (instant: string | number, lang: string, zone: string) =>
  format(lang, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(instant));

/** A dosage time ('HH:MM' or the API's 'HH:MM:00.000') as the page language writes times. */
export function formatDosageTime(time: string, lang: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return format(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(1970, 0, 1, h, m),
  );
}

/** Minutes after midnight (may pass 24 h on a chart day) as a time of day. */
export const formatMinutes = (minutes: number, lang: string) =>
  format(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format((minutes % 1440) * 60_000);

/** A short day for axes and grids ("Sep 4"). */
export const formatShortDate = (date: string, lang: string) =>
  format(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(calendarDay(date));

/** A month 'YYYY-MM' ("September 2026"). */
export const formatMonth = (month: string, lang: string) =>
  format(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(calendarDay(`${month}-01`));

/** A weekday name of a date ("Mon"). */
export const formatWeekday = (date: string, lang: string, width: 'short' | 'long' = 'short') =>
  format(lang, { weekday: width, timeZone: 'UTC' }).format(calendarDay(date));

const percents = new Map<string, Intl.NumberFormat>();
/** A rate 0..1 as a whole percentage in the page language ("87 %" in German); null stays null. */
export function formatPercent(rate: number | null, lang: string): string | null {
  if (rate === null) return null;
  let f = percents.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
    percents.set(lang, f);
  }
  return f.format(rate);
}

/** The HH:MM form of a dosage time, the API form cut down. */
export const shortTime = (time: string) => time.slice(0, 5);
