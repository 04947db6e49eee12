import { describe, expect, it } from 'vitest';
import { AHV_EXAMPLE, AHV_MESSAGE, ean13CheckDigit, formatAhv, isValidAhv } from './ahv';
import { ageOn, bmiCategory, bmiOf } from './measures';
import { isValidPhone } from './phone';
import { basicInformationSchema, physicalMeasurementsSchema } from './schemas';

describe('AHV number', () => {
  it('accepts the format with a correct EAN-13 check digit', () => {
    expect(ean13CheckDigit('756123456789')).toBe(7);
    expect(isValidAhv('756.1234.5678.97')).toBe(true);
    expect(isValidAhv('756.9217.0769.85')).toBe(true);
  });
  it('accepts 13 digits without dots, with spaces, or with both', () => {
    expect(isValidAhv('7569217076985')).toBe(true);
    expect(isValidAhv('756 9217 0769 85')).toBe(true);
    expect(isValidAhv(' 756.9217 0769.85 ')).toBe(true);
  });
  it('refuses a wrong check digit, another country code, too few or too many digits, or letters', () => {
    expect(isValidAhv('756.1234.5678.90')).toBe(false);
    expect(isValidAhv('7561234567890')).toBe(false);
    expect(isValidAhv('756 9217 0769 84')).toBe(false);
    expect(isValidAhv('757.1234.5678.97')).toBe(false);
    expect(isValidAhv('756.1234.5678.9')).toBe(false);
    expect(isValidAhv('756.1234.5678.977')).toBe(false);
    expect(isValidAhv('756-1234-5678-97')).toBe(false);
    expect(isValidAhv('756.1234.5678.9x')).toBe(false);
    expect(isValidAhv('')).toBe(false);
  });
  it('shows a valid example in the hint; the spec message is kept word for word', () => {
    expect(AHV_EXAMPLE).toBe('756.9217.0769.85');
    expect(isValidAhv(AHV_EXAMPLE)).toBe(true);
    expect(AHV_MESSAGE).toBe('Invalid AHV number format (e.g., 756.1234.5678.90)');
  });
  it('formats typed digits to the dotted form', () => {
    expect(formatAhv('7561234567897')).toBe('756.1234.5678.97');
    expect(formatAhv(' 756 1234 5678 97 ')).toBe('756.1234.5678.97');
    expect(formatAhv('abc')).toBe('abc');
  });
  it('the schema stores the dotted form and refuses a bad check digit with the spec message', () => {
    const base = { date_of_birth: '1958-04-12', gender: 'female' };
    for (const typed of ['7569217076985', '756 9217 0769 85', '756.9217.0769.85'])
      expect(basicInformationSchema.parse({ ...base, ahv_number: typed }).ahv_number).toBe(
        '756.9217.0769.85',
      );
    expect(basicInformationSchema.parse({ ...base, ahv_number: ' ' }).ahv_number).toBeNull();
    const bad = basicInformationSchema.safeParse({ ...base, ahv_number: '7569217076984' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['ahv_number'], message: AHV_MESSAGE }),
    ]);
  });
});

describe('BMI and age', () => {
  it('computes BMI with one decimal and the WHO categories at their edges', () => {
    expect(bmiOf(180, 81)).toBe(25);
    expect(bmiOf(null, 80)).toBeNull();
    expect([18.4, 18.5, 24.9, 25, 29.9, 30].map(bmiCategory)).toEqual([
      'underweight',
      'normal',
      'normal',
      'overweight',
      'overweight',
      'obese',
    ]);
  });
  it('has no BMI for a height too small to divide by, and the schema refuses one (issue 21)', () => {
    expect(bmiOf(8e-323, 351.7)).toBeNull();
    expect(physicalMeasurementsSchema.safeParse({ height_cm: 8e-323, weight_kg: 70 }).success).toBe(false);
    expect(physicalMeasurementsSchema.safeParse({ height_cm: 0.1, weight_kg: 70 }).success).toBe(true);
  });
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1960-11-23', '2026-11-23')).toBe(66);
    expect(ageOn('1960-11-24', '2026-11-23')).toBe(65);
    expect(ageOn('2027-01-01', '2026-11-23')).toBeNull();
  });
});

describe('phone numbers', () => {
  it('accepts E.164 and Swiss national numbers', () => {
    for (const n of ['+41 79 123 45 67', '+4912345678', '079 123 45 67', '044-123 45 67'])
      expect(isValidPhone(n)).toBe(true);
  });
  it('refuses the rest', () => {
    for (const n of ['12345', '+0 79 123', '079 123 45', 'call me', '+41791234567890123'])
      expect(isValidPhone(n)).toBe(false);
  });
});
