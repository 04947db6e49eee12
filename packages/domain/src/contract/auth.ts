import { z } from 'zod';
import { ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { isPersonalPassword } from '../password';
import { languageSchema, roleSchema } from './common';

const email = z.email({ message: 'Invalid email address' }).max(254);
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH);

/** POST /api/auth/local — identifier is the e-mail address. */
export const loginRequestSchema = z.strictObject({
  identifier: z.string().trim().min(1, { message: 'This field is required' }).max(254),
  password: z.string().min(1, { message: 'This field is required' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const PASSWORD_PERSONAL_MESSAGE = 'The password must not contain your e-mail address or name';
export const PASSWORD_COMMON_MESSAGE = 'This password is too common; choose a longer or less usual one';

/** POST /api/auth/local/register — username carries the full name. */
export const registerRequestSchema = z
  .strictObject({
    username: z.string().trim().min(1, { message: 'This field is required' }).max(100),
    email,
    password,
    language: languageSchema.optional(),
  })
  .refine((body) => !isPersonalPassword(body.password, { email: body.email, name: body.username }), {
    message: PASSWORD_PERSONAL_MESSAGE,
    path: ['password'],
    params: { code: ERROR_CODES.passwordPersonal },
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
/**
 * The answer to a registration, the same for a new and a taken address (no token, nothing that
 * tells them apart): a confirmation link, or a note to the owner, is on its way to the address.
 */
export const registerResponseSchema = z.object({ email: z.string(), sent: z.literal(true) });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/forgot-password */
export const forgotPasswordRequestSchema = z.strictObject({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z
  .strictObject({
    code: z.string().min(1, { message: 'This field is required' }).max(200),
    password,
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.password === body.passwordConfirmation, {
    message: 'Passwords do not match',
    path: ['passwordConfirmation'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The user as /api/auth/local and /api/users/me return it. */
export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  provider: z.literal('local'),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  profile_img: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  meta: z.object({
    role: roleSchema,
    /** The user may open My Health Data (e-mail listed in HEALTH_DATA_EMAILS). */
    healthData: z.boolean(),
    /** Two-factor sign-in is on (docs/decisions/0008-two-factor.md). */
    twoFactor: z.boolean().optional(),
    /** An administrator under REQUIRE_ADMIN_2FA without it: admin calls answer 403 until set up. */
    twoFactorSetupRequired: z.boolean().optional(),
  }),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResponseSchema = z.object({ jwt: z.string(), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/auth/email-confirmation?confirmation=… (Strapi's email_confirmation flow). */
export const emailConfirmationQuerySchema = z.strictObject({
  confirmation: z.string().min(1, { message: 'This field is required' }).max(200),
});
export type EmailConfirmationQuery = z.infer<typeof emailConfirmationQuerySchema>;
/** The address is confirmed; the e-mail names it. */
export const emailConfirmationResponseSchema = z.object({ email: z.string(), confirmed: z.literal(true) });
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponseSchema>;

/** POST /api/auth/send-email-confirmation: the same answer whether or not the address has an account. */
export const sendEmailConfirmationRequestSchema = z.strictObject({ email });
export type SendEmailConfirmationRequest = z.infer<typeof sendEmailConfirmationRequestSchema>;
export const sendEmailConfirmationResponseSchema = z.object({ email: z.string(), sent: z.literal(true) });
export type SendEmailConfirmationResponse = z.infer<typeof sendEmailConfirmationResponseSchema>;
