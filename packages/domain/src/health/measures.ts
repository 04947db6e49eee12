/*
 * Physical measurements: BMI from height and weight, with the WHO adult categories (underweight
 * below 18.5, normal below 25, overweight below 30, obese from 30); age from the date of birth.
 */

export const BMI_CATEGORIES = ['underweight', 'normal', 'overweight', 'obese'] as const;
export type BmiCategory = (typeof BMI_CATEGORIES)[number];

/** kg / m², one decimal; null when a value is missing or not positive (or the quotient is not finite). */
export function bmiOf(
  heightCm: number | null | undefined,
  weightKg: number | null | undefined,
): number | null {
  if (!heightCm || !weightKg || heightCm <= 0 || weightKg <= 0) return null;
  const m = heightCm / 100;
  const bmi = Math.round((weightKg / (m * m)) * 10) / 10;
  return Number.isFinite(bmi) ? bmi : null;
}

export function bmiCategory(bmi: number | null): BmiCategory | null {
  if (bmi === null) return null;
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

/** Whole years from a date of birth ('YYYY-MM-DD') to `today` ('YYYY-MM-DD'); null before birth. */
export function ageOn(dateOfBirth: string | null | undefined, today: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}
