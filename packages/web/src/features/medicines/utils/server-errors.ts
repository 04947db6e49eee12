import { START_AFTER_END_MESSAGE } from '@dosedot/domain/schedule';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { FORM_FIELDS, type MedicineFormValues } from '../api/medicine-form-schema';

type FieldName = Parameters<UseFormReturn<MedicineFormValues>['setError']>[0];

/** Where a server field error belongs in the form ('strength' is written in amount and unit). */
function fieldOf(path: (string | number)[]): FieldName | null {
  const i = path.indexOf('dosage_times');
  if (i >= 0)
    return typeof path[i + 1] === 'number' ? `dosage_times.${path[i + 1] as number}.time` : 'dosage_times';
  const name = [...path].reverse().find((p): p is string => typeof p === 'string' && p !== 'data');
  if (name === 'strength') return 'amount';
  return name && (FORM_FIELDS as readonly string[]).includes(name) ? (name as FieldName) : null;
}

/**
 * Shows a 400's field errors on the form's fields (the spec's date message in the page language).
 * Returns false when the error names no field of the form, so the caller reports it otherwise.
 */
export function showServerErrors(form: UseFormReturn<MedicineFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let shown = false;
  for (const fieldError of error.fieldErrors) {
    const field = fieldOf(fieldError.path);
    if (!field) continue;
    // The spec's date message and the strength's rule in the page language; others as the server wrote them.
    const message =
      fieldError.message === START_AFTER_END_MESSAGE
        ? 'medicines.form.startAfterEnd'
        : field === 'amount'
          ? 'medicines.form.amountInvalid'
          : fieldError.message;
    form.setError(field, { message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
