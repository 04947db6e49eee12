/*
 * The product's constants without any dependency, so the web app can import them without
 * pulling the zod contract into its first page.
 */

/** Languages the product speaks; English is the default and the fallback. */
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const ROLES = ['admin', 'basic'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Stable codes of field errors (`error.details.errors[].code`), so the web shows its own text in the
 * reader's language instead of parsing the server's English. Validation errors of the contract carry
 * zod's issue code (`too_small`, `invalid_format`, …); these are the server's own.
 */
export const ERROR_CODES = {
  passwordPersonal: 'password_personal',
  passwordCommon: 'password_common',
  emailTaken: 'email_taken',
  confirmationUnknown: 'confirmation_unknown',
  confirmationExpired: 'confirmation_expired',
  confirmationUsed: 'confirmation_used',
  invitationUnknown: 'invitation_unknown',
  invitationExpired: 'invitation_expired',
  invitationUsed: 'invitation_used',
  invitationSelf: 'invitation_self',
} as const;

/**
 * Why a provider sign-in ended on the sign-in page (/auth/signin?error=<code>); each has a text in
 * the web's catalogs (auth.providers.errors.<code>).
 */
export const OIDC_ERROR_CODES = [
  'unknown_provider',
  'state',
  'nonce',
  'code',
  'denied',
  'unavailable',
  'email_unverified',
  'account_exists',
  'blocked',
  'failed',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/**
 * Strapi's answer to a blocked user's sign-in (400): the sign-in page shows it in words. Here, not in
 * contract/users.ts, so the sign-in page compares it without loading zod (issue 25 item 6).
 */
export const ACCOUNT_BLOCKED_MESSAGE = 'Your account has been blocked by an administrator';
