import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Puts the server's field messages (400 details.errors) on the form's fields; false when there are none. */
export function showServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
) {
  if (!(error instanceof ApiError) || error.status !== 400 || error.fieldErrors.length === 0) return false;
  for (const fieldError of error.fieldErrors) {
    form.setError(fieldError.path.join('.') as Path<T>, { message: fieldError.message });
  }
  return true;
}
