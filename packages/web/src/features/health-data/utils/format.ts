/** A calendar date ('YYYY-MM-DD') in the reader's language, without a time-zone shift. */
export function formatDate(date: string, locale: string): string {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}

/** A number in the reader's language (24.7 → '24,7' in German). */
export const formatNumber = (value: number, locale: string, maximumFractionDigits = 1) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);

/** Dioptres as opticians write them: a sign and two decimals (+1.25, −0.50, 0.00). */
export const formatDiopters = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);

/** What a number input hands the form: empty stays empty (null), anything else a number. */
export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** What an optional text input hands the form: blank is null. */
export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
