/*
 * When a box was last heard, in the page language: 'lll' ("Sep 4, 2026, 8:30 PM") in the reader's
 * time zone, and relative to now ("3 hours ago", "vor 3 Stunden", "il y a 3 heures").
 */

const formats = new Map<string, Intl.DateTimeFormat>();
const LLL_SHORT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** 'lll' of an instant in the zone. */
export function formatDateTime(instant: string | number, lang: string, zone: string): string {
  const key = `${lang}|${zone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { ...LLL_SHORT, timeZone: zone });
    formats.set(key, f);
  }
  return f.format(new Date(instant));
}

const relatives = new Map<string, Intl.RelativeTimeFormat>();
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago an instant was, in the largest whole unit ("2 days ago"); under a minute is "now". */
export function formatRelative(instant: string | number, now: number, lang: string): string {
  let f = relatives.get(lang);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    relatives.set(lang, f);
  }
  let value = (new Date(instant).getTime() - now) / 1000;
  if (Math.abs(value) < 60) return f.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return f.format(Math.round(value), unit);
    value /= size;
  }
  return f.format(Math.round(value), 'year');
}

/** The battery's level as a tone: low (at most 10 %), weak (at most 25 %), good; unknown without a report. */
export type BatteryLevel = 'low' | 'weak' | 'good' | 'unknown';
export function batteryLevel(percent: number | null): BatteryLevel {
  if (percent === null) return 'unknown';
  if (percent <= 10) return 'low';
  if (percent <= 25) return 'weak';
  return 'good';
}
