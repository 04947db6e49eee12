/*
 * The Swiss AHV number (AVS, social security): 13 digits written 756.XXXX.XXXX.XX, where 756 is
 * Switzerland's country code and the last digit is an EAN-13 check digit over the first twelve.
 * People type it with dots, with spaces or as bare digits; it is checked and stored in the dotted form.
 */

/** The spec's message, word for word (its own example does not pass the check digit: see AHV_EXAMPLE). */
export const AHV_MESSAGE = 'Invalid AHV number format (e.g., 756.1234.5678.90)';
export const AHV_HINT = '756.XXXX.XXXX.XX';
/** A number whose check digit is right, shown in the form's hint. */
export const AHV_EXAMPLE = '756.9217.0769.85';

const DOTTED = /^756\.\d{4}\.\d{4}\.\d{2}$/;

/** The EAN-13 check digit of twelve digits: weights 1 and 3 alternating from the left. */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * 13 digits typed with or without dots and spaces become 756.XXXX.XXXX.XX; anything else is
 * returned trimmed, as typed (and then fails isValidAhv).
 */
export function formatAhv(value: string): string {
  const digits = value.replace(/[\s.]/g, '');
  if (!/^\d{13}$/.test(digits)) return value.trim();
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}

/** True for an AHV number (dotted, spaced or bare) that starts with 756 and whose last digit checks. */
export function isValidAhv(value: string): boolean {
  const dotted = formatAhv(value);
  if (!DOTTED.test(dotted)) return false;
  const digits = dotted.replace(/\./g, '');
  return ean13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}
