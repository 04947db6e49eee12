import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';

/*
 * Form schemas (zod/mini: the sign-in page stays small) carry catalog keys as messages
 * ('validation.required'); the form translates them. A server message that is no key shows as the
 * server wrote it. The server checks everything again with the full contract.
 */
export const requiredText = (max = 254) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(max, { message: 'validation.tooLong' }),
    );

export const emailField = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { message: 'validation.required' })),
  z.email({ message: 'validation.email' }),
);

export const newPasswordField = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { message: 'validation.passwordMin' }),
    z.maxLength(PASSWORD_MAX_LENGTH, { message: 'validation.passwordMax' }),
  );

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
