/*
 * Phone numbers: international E.164 (+ and 8 to 15 digits, spaces allowed while typing) or a Swiss
 * national number (0 and nine digits: 044 123 45 67, 079 123 45 67).
 */

export const PHONE_MESSAGE = 'Invalid phone number';

export function isValidPhone(value: string): boolean {
  const compact = value.replace(/[\s\-/().]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) || /^0[1-9]\d{8}$/.test(compact);
}
