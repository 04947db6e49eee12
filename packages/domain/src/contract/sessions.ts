import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/*
 * Sessions (docs/decisions/0002-authentication-details.md): a logout ends the token's session on
 * the server; a password change ends every other session of the user.
 */

/** POST /api/auth/logout (signed in, no body): the token's session is ended. */
export const logoutResponseSchema = z.object({ ok: z.literal(true) });

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different than your current password';

/** POST /api/auth/change-password (Strapi's): answers `{jwt, user}` with a fresh token of the session. */
export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z.string().min(1, { message: 'This field is required' }).max(PASSWORD_MAX_LENGTH),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters` })
      .max(PASSWORD_MAX_LENGTH),
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.passwordConfirmation, {
    message: 'Passwords do not match',
    path: ['passwordConfirmation'],
  })
  .refine((body) => body.password !== body.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
