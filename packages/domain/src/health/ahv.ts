/*
 * The Swiss AHV number (AVS, social security): 13 digits written 756.XXXX.XXXX.XX, where 756 is
 * Switzerland's country code and the last digit is an EAN-13 check digit over the first twelve.
 */

export const AHV_MESSAGE = 'Invalid AHV number format (e.g., 756.1234.5678.90)';
export const AHV_HINT = '756.XXXX.XXXX.XX';

const FORMAT = /^756\.\d{4}\.\d{4}\.\d{2}$/;

/** The EAN-13 check digit of twelve digits: weights 1 and 3 alternating from the left. */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 756.XXXX.XXXX.XX whose last digit checks. */
export function isValidAhv(value: string): boolean {
  if (!FORMAT.test(value)) return false;
  const digits = value.replace(/\./g, '');
  return ean13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** Digits typed with or without dots become 756.XXXX.XXXX.XX (anything else is returned as typed). */
export function formatAhv(value: string): string {
  const digits = value.replace(/[\s.]/g, '');
  if (!/^\d{13}$/.test(digits)) return value.trim();
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}
