import type { TFunction } from 'i18next';
import { splitStrength } from '../api/medicine-form-schema';

export { STRENGTH_UNITS } from '@dosedot/domain/contract';

/** A strength as stored ('2 drops') with its unit in the page language ('2 Tropfen'). */
export function formatStrength(strength: string | null, t: TFunction): string | null {
  if (!strength) return null;
  const { amount, unit } = splitStrength(strength);
  return unit ? `${amount} ${t(`medicines.units.${unit}`, { defaultValue: unit })}` : strength;
}

/** A galenic form in the page language; a form outside the list shows as stored. */
export const formatForm = (form: string | null, t: TFunction): string | null =>
  form ? t(`medicines.forms.${form.toLowerCase()}`, { defaultValue: form }) : null;
