import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dosedot/domain/constants';
import * as z from 'zod/mini';

/*
 * Form schemas (zod/mini; the sign-in page uses none: see features/auth/api/login.ts) carry catalog keys as messages
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
