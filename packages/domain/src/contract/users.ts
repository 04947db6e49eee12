import { z } from 'zod';
import { MAX_ID, roleSchema } from './common';
import { TOTP_CODE_MESSAGE } from './two-factor';

/** The user of an administrator's action: PUT /api/users/{id} and its mails (Strapi's users-permissions path). */
export const userIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive({ message: 'Invalid user' }).max(MAX_ID, 'Invalid user'),
});

/** A current code of the acting administrator's authenticator app, as two-step sign-in takes it. */
const actorCode = z
  .string({ message: TOTP_CODE_MESSAGE })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: TOTP_CODE_MESSAGE }));

export const USER_UPDATE_EMPTY_MESSAGE = 'Send blocked or role';

/**
 * PUT /api/users/{id} (administrators): `blocked` as Strapi's users-permissions plugin has it, and
 * `role` ('admin' or 'basic'), which asks for a current code of the acting administrator's
 * authenticator app (`code`). Other fields of Strapi's route (username, email, password) are not
 * taken here: a user changes those themselves.
 */
export const userUpdateRequestSchema = z
  .strictObject({
    blocked: z.boolean({ message: 'Send true or false' }).optional(),
    role: roleSchema.optional(),
    code: actorCode.optional(),
  })
  .refine((body) => body.blocked !== undefined || body.role !== undefined, {
    message: USER_UPDATE_EMPTY_MESSAGE,
    path: ['blocked'],
  });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** POST /api/users/{id}/send-password-reset and /send-email-confirmation: the mail went to the address. */
export const userMailResponseSchema = z.object({ email: z.string(), sent: z.literal(true) });
export type UserMailResponse = z.infer<typeof userMailResponseSchema>;

/**
 * Why an administrator's action on a user was refused (error.details.reason, and the code of the
 * field error that names the field): the web shows each in words.
 */
export const USER_ACTION_REFUSALS = [
  'self_block',
  'last_admin',
  'holds_box',
  'two_factor_required',
  'blocked',
  'already_confirmed',
] as const;
export type UserActionRefusal = (typeof USER_ACTION_REFUSALS)[number];

/**
 * The audit-log actions of an administrator on a user; each is shown to the user concerned in
 * their access log (GET /api/profile/access-log), in words.
 */
export const USER_ADMIN_ACTIONS = [
  'user.blocked',
  'user.unblocked',
  'user.password_reset_sent',
  'user.confirmation_sent',
  'user.made_admin',
  'user.made_patient',
] as const;
export type UserAdminAction = (typeof USER_ADMIN_ACTIONS)[number];
