import type { FieldError } from '@dosedot/domain';
import { ERROR_CODES } from '@dosedot/domain/constants';
import { ApiError } from './api-client';

/*
 * The server's field errors as catalog keys, by their stable code (ERROR_CODES, or zod's issue code)
 * and field, never by the English message: the reader sees the rule in their language, and a
 * reworded server message changes nothing here.
 */

const BY_CODE: Record<string, string> = {
  [ERROR_CODES.passwordPersonal]: 'validation.passwordPersonal',
  [ERROR_CODES.passwordCommon]: 'validation.passwordCommon',
  [ERROR_CODES.emailTaken]: 'auth.signup.emailTaken',
  [ERROR_CODES.confirmationUnknown]: 'auth.confirm.invalid',
  [ERROR_CODES.confirmationExpired]: 'auth.confirm.invalid',
  [ERROR_CODES.confirmationUsed]: 'auth.confirm.used',
  [ERROR_CODES.invitationUnknown]: 'errors.invitation.unknown',
  [ERROR_CODES.invitationExpired]: 'errors.invitation.expired',
  [ERROR_CODES.invitationUsed]: 'errors.invitation.used',
  [ERROR_CODES.invitationSelf]: 'errors.invitation.self',
};

/** The catalog key that says what is wrong with the field. */
export function fieldErrorKey(error: Pick<FieldError, 'path' | 'code'>): string {
  const field = String(error.path.at(-1) ?? '');
  const code = error.code ?? '';
  const own = BY_CODE[code];
  if (own) return own;
  const password = /password/i.test(field) && field !== 'passwordConfirmation';
  if (code === 'too_small') return password ? 'validation.passwordMin' : 'validation.required';
  if (code === 'too_big') return password ? 'validation.passwordMax' : 'validation.invalid';
  if (code === 'invalid_format' && field === 'email') return 'validation.email';
  return 'validation.invalid';
}

/**
 * The form fields a 400 names, each with its catalog key: `fields` maps the API's field names to
 * the form's. Empty for any other failure (the page shows its general alert then).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: Record<string, F>,
): { field: F; key: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.fieldErrors.flatMap((e) => {
    const field = fields[String(e.path.at(-1) ?? '')];
    return field ? [{ field, key: fieldErrorKey(e) }] : [];
  });
}
