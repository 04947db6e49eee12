import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/*
 * Form errors carry catalog keys as messages ('validation.required'); the form translates them. A
 * server message that is no key shows as the server wrote it. The zod/mini field schemas are in
 * lib/form-schemas.ts: this file imports no zod, so a page without a schema (sign-in) loads none.
 */

/** Translates a form error message (a catalog key) with the limits it may name. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error?: { message?: string }) =>
    error?.message
      ? t(error.message, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, defaultValue: error.message })
      : undefined;
}

/**
 * What a required field of the form needs: react-hook-form's registration, the error state and
 * its translated message. `<TextInput {...field('email')} label=… />`
 */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T>) {
  const errorText = useErrorText();
  return (name: Path<T>) => {
    const error = get(form.formState.errors, name) as { message?: string } | undefined;
    return {
      ...form.register(name),
      error: !!error,
      helperText: errorText(error),
      required: true,
      fullWidth: true,
    };
  };
}

/**
 * Puts the server's field errors of a 400 (the last part of each path) on the form's fields named in
 * `fields`, focusing the first: whether any was shown (else the caller shows a general failure).
 */
export function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  let shown = false;
  if (error instanceof ApiError && error.status === 400)
    for (const e of error.fieldErrors) {
      const field = fields.find((f) => f === e.path.at(-1));
      if (field) {
        form.setError(field, { message: e.message }, { shouldFocus: !shown });
        shown = true;
      }
    }
  return shown;
}
