import type { TFunction } from 'i18next';

/*
 * A medicine's strength as the list and the plans show it. No form schema (zod) here: My Medicine
 * shows strengths on its first paint, and its forms load when first opened (issue 23 item 12).
 */

/**
 * '500 mg' as amount and unit, '500' as an amount without a unit; a strength written another way
 * stays whole in the amount.
 */
export function splitStrength(strength: string | null): { amount: string; unit: string } {
  const m = /^(\d+(?:[.,]\d+)?)(?: ?(\D.*))?$/.exec(strength ?? '');
  return m ? { amount: m[1] ?? '', unit: m[2] ?? '' } : { amount: strength ?? '', unit: '' };
}

/** A strength as stored ('2 drops') with its unit in the page language ('2 Tropfen'). */
export function formatStrength(strength: string | null, t: TFunction): string | null {
  if (!strength) return null;
  const { amount, unit } = splitStrength(strength);
  return unit ? `${amount} ${t(`medicines.units.${unit}`, { defaultValue: unit })}` : strength;
}

/** A galenic form in the page language; a form outside the list shows as stored. */
export const formatForm = (form: string | null, t: TFunction): string | null =>
  form ? t(`medicines.forms.${form.toLowerCase()}`, { defaultValue: form }) : null;
