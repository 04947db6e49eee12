import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, formatAhv, isValidAhv } from './ahv';
import { ageOn, bmiCategory, bmiOf } from './measures';
import { isValidPhone } from './phone';
import { physicalMeasurementsSchema } from './schemas';

describe('AHV number', () => {
  it('accepts the format with a correct EAN-13 check digit', () => {
    expect(ean13CheckDigit('756123456789')).toBe(7);
    expect(isValidAhv('756.1234.5678.97')).toBe(true);
    expect(isValidAhv('756.9217.0769.85')).toBe(true);
  });
  it('refuses a wrong check digit, another country code or another layout', () => {
    expect(isValidAhv('756.1234.5678.90')).toBe(false);
    expect(isValidAhv('757.1234.5678.97')).toBe(false);
    expect(isValidAhv('7561234567897')).toBe(false);
    expect(isValidAhv('756.1234.567.897')).toBe(false);
  });
  it('formats typed digits', () => {
    expect(formatAhv('7561234567897')).toBe('756.1234.5678.97');
    expect(formatAhv(' 756 1234 5678 97 ')).toBe('756.1234.5678.97');
    expect(formatAhv('abc')).toBe('abc');
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
