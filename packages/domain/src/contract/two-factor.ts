import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { paginationSchema } from './admin';
import { authResponseSchema } from './auth';

/*
 * Two-factor sign-in (TOTP, RFC 6238; docs/decisions/0008-two-factor.md): enrolment under
 * /api/two-factor (signed in), the second step of a sign-in at POST /api/auth/2fa (public, with the
 * challenge token the first step gave), and the admin's list of sign-ins.
 */

/** How many recovery codes an enrolment (or a regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const REAUTH_MESSAGE = 'Enter a current code from your authenticator app or your password';

const totpCode = z
  .string({ message: TOTP_CODE_MESSAGE })
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: TOTP_CODE_MESSAGE }));

/** A recovery code as typed: any case, with or without its dash and spaces. */
const recoveryCode = z
  .string({ message: 'Enter one of your recovery codes' })
  .trim()
  .min(1, { message: 'Enter one of your recovery codes' })
  .max(40, { message: 'This is not a recovery code' });

/** GET /api/two-factor: the signed-in user's state. */
export const twoFactorStatusSchema = z.object({
  data: z.object({
    /** A confirmed secret: every sign-in asks for a code. */
    enabled: z.boolean(),
    /** An enrolment was started and waits for its first code. */
    pending: z.boolean(),
    /** Unused recovery codes. */
    recoveryCodesLeft: z.number().int(),
    /** The user is an administrator and REQUIRE_ADMIN_2FA is on. */
    required: z.boolean(),
  }),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>['data'];

/**
 * POST /api/two-factor/setup needs the current password (a stolen session alone cannot put the
 * thief's phone on the account) and a confirmed e-mail address (403 `email_unconfirmed` otherwise).
 */
export const twoFactorSetupRequestSchema = z.strictObject({
  password: z.string().min(1, { message: 'Enter your password' }).max(PASSWORD_MAX_LENGTH),
});

/** `details.reason` of the 403 when the e-mail address is not confirmed yet. */
export const EMAIL_UNCONFIRMED_REASON = 'email_unconfirmed';

/** POST /api/two-factor/setup: a new secret (replacing an unconfirmed one), for the QR code. */
export const twoFactorSetupResponseSchema = z.object({
  data: z.object({ secret: z.string(), otpauthUri: z.string() }),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>['data'];

/** POST /api/two-factor/confirm: the first code from the app turns two-factor sign-in on. */
export const twoFactorConfirmRequestSchema = z.strictObject({ code: totpCode });

/** The recovery codes, shown once (after confirming, and after a regeneration). */
export const recoveryCodesResponseSchema = z.object({
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

/** POST /api/two-factor/disable and /api/two-factor/recovery-codes: a current code or the password. */
export const twoFactorReauthRequestSchema = z
  .strictObject({
    code: totpCode.optional(),
    password: z.string().min(1, { message: REAUTH_MESSAGE }).max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    message: REAUTH_MESSAGE,
    path: ['code'],
  });
export type TwoFactorReauth = z.infer<typeof twoFactorReauthRequestSchema>;

export const twoFactorDisabledResponseSchema = z.object({ data: z.object({ enabled: z.literal(false) }) });

/** The first step's answer for a user with two-factor sign-in: no token yet, a challenge instead. */
export const mfaChallengeResponseSchema = z.object({
  mfaRequired: z.literal(true),
  /** Single-use, valid for MFA_CHALLENGE_MINUTES; only POST /api/auth/2fa takes it. */
  mfaToken: z.string(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeResponseSchema>;
export const MFA_CHALLENGE_MINUTES = 5;

/** POST /api/auth/local answers a token, or a challenge when the user has two-factor sign-in. */
export const loginResponseSchema = z.union([authResponseSchema, mfaChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/2fa: the challenge and either a code from the app or a recovery code. */
export const secondStepRequestSchema = z
  .strictObject({
    mfaToken: z.string().min(1, { message: 'This field is required' }).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Send either a code or a recovery code',
    path: ['code'],
  });
export type SecondStepRequest = z.infer<typeof secondStepRequestSchema>;

/** The outcomes of the sign-in list: signed in, refused, or waiting for the second step. */
export const SIGN_IN_OUTCOMES = ['success', 'failure', 'challenge'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
/**
 * The sign-in list's filters: filters[outcome][$eq], filters[user][$containsi] (the account's name or
 * e-mail, accents and case ignored) and filters[method][$eq] (one of SIGN_IN_METHOD_FILTERS, or
 * `oidc:<provider id>` for one provider).
 */
export const SIGN_IN_FILTER_FIELDS = ['outcome', 'user', 'method'] as const;

/** How a sign-in was made, as the method filter takes it (`oidc:<id>` narrows to one provider). */
export const SIGN_IN_METHOD_FILTERS = [
  'password',
  'password_reset',
  'oidc',
  'totp',
  'recovery_code',
] as const;
export type SignInMethodFilter = (typeof SIGN_IN_METHOD_FILTERS)[number];
/** A provider's id in `oidc:<id>` (as OIDC_PROVIDERS ids are written). */
export const SIGN_IN_PROVIDER_PATTERN = /^oidc:[a-z0-9][a-z0-9-]{0,31}$/;

/**
 * Why a password or second-step sign-in was refused (the reason of auth.login_failed and
 * auth.2fa_failed lines): a wrong password or unknown address, too many attempts, a blocked account,
 * a wrong code from the app, a wrong recovery code. A provider's refusals are OIDC_ERROR_CODES.
 * The web has a text for each in every language (a test checks it).
 */
export const SIGN_IN_FAILURE_REASONS = ['password', 'locked', 'blocked', 'code', 'recovery_code'] as const;

/** One line of GET /api/admin/sign-ins. */
export const signInEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  /** password, password+totp, password+recovery_code, oidc:<provider>… */
  method: z.string().nullable(),
  /**
   * Why it failed: one of SIGN_IN_FAILURE_REASONS, or for a provider's refusal (method oidc:<id>
   * without a second step) one of OIDC_ERROR_CODES.
   */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  /** The address typed (or the account's), also for an address with no account. */
  email: z.string().nullable(),
  /** The account, with its profile's time zone (null without a profile): its times are shown in it. */
  user: z
    .object({ id: z.number().int(), username: z.string(), role: z.string(), timezone: z.string().nullable() })
    .nullable(),
});
export type SignInEntry = z.infer<typeof signInEntrySchema>;

export const signInListResponseSchema = z.object({
  data: z.array(signInEntrySchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type SignInListResponse = z.infer<typeof signInListResponseSchema>;

/** How long the "this was not me" link of a two-step sign-in notice works (as long as a token lives). */
export const NOT_ME_LINK_DAYS = 7;

/**
 * POST /api/two-factor/not-me (public): the token of the notice's link. Removes two-step sign-in,
 * ends every session, makes the old password unusable and answers a password-reset code for
 * POST /api/auth/reset-password.
 */
export const notMeRequestSchema = z.strictObject({
  token: z.string().min(1, { message: 'This field is required' }).max(200),
});
export const notMeResponseSchema = z.object({ data: z.object({ resetCode: z.string() }) });
