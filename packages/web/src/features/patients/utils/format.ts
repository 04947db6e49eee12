/** A date and time in the page language ('lll' style), or only the date. */
export function formatCreated(iso: string, lang: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    lang,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(date);
}

/** A share 0..1 as a whole percentage in the page language ("65 %", "65%"). */
export const formatShare = (share: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago an instant was, short ("3 hr. ago", "vor 2 Tagen"); under a minute: "now". */
export function formatAgo(iso: string, lang: string, now = Date.now()): string {
  const ms = new Date(iso).getTime() - now;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) if (Math.abs(ms) >= size) return rtf.format(Math.round(ms / size), unit);
  return rtf.format(0, 'second');
}
