/*
 * One rule for every time shown about a person (issue 24 item 6): it is shown in that person's time
 * zone (the patient's profile zone), and followed by the zone's abbreviation ("CET", "EST",
 * "GMT+1") whenever that zone differs from the viewer's, the browser's own. The same time read by the
 * patient at home has no abbreviation; read by an administrator elsewhere it has one.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** The browser's time zone (the viewer's). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone's offset from UTC at that instant ("GMT+01:00"). Two zones that read the same clock time
 * then (Zurich and Berlin, or an alias and its zone) need no abbreviation between them.
 */
const offsetAt = (instant: Date, zone: string) =>
  formatter('en', { timeZone: zone, timeZoneName: 'longOffset', hour: 'numeric' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;

/** The zone's short name at that instant in the locale ("CET" in winter, "CEST" in summer). */
export function zoneAbbreviation(instant: Date, zone: string, locale: string): string {
  const parts = formatter(locale, { timeZone: zone, timeZoneName: 'short', hour: 'numeric' }).formatToParts(
    instant,
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * An instant in `zone` (the person's it is about), in the locale, with `options` (date and time by
 * default); the zone's abbreviation follows when the viewer's clock (`viewerZone`, by default the
 * browser's) reads another time at that instant.
 */
export function formatInZone(
  instant: string | number | Date,
  zone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = DATE_TIME,
  viewerZone: string = browserZone(),
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const text = formatter(locale, { ...options, timeZone: zone }).format(date);
  return offsetAt(date, zone) === offsetAt(date, viewerZone)
    ? text
    : `${text} ${zoneAbbreviation(date, zone, locale)}`;
}
