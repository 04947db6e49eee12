import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@dosedot/domain';
import type { Db } from '../../db';
import { profileLanguage } from '../profiles';
import { insertConfirmation, insertResetCode } from './queries';

/** A reset code is valid this long (and once). */
export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
/** A confirmation link is valid this long (and once). */
export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Codes and link tokens are stored only as SHA-256. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The web's page of the link, in the user's language (its path prefix) and that language. */
async function linkTo(db: Db, appUrl: string, userId: number, page: string) {
  const language = await profileLanguage(db, userId);
  const prefix = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
  return { language, link: `${appUrl}${prefix}${page}` };
}

/**
 * A new single-use password-reset link of the user, written with `db` (the caller's transaction):
 * forgot-password, the lockout mail and an administrator's "send a password reset" send it.
 */
export async function newResetLink(db: Db, appUrl: string, userId: number, now: number) {
  const code = randomBytes(32).toString('base64url');
  await insertResetCode(
    db,
    { userId, codeHash: sha256Hex(code), expiresAt: now + RESET_CODE_LIFETIME_MS },
    now,
  );
  return linkTo(db, appUrl, userId, `/auth/reset-password?code=${code}`);
}

/**
 * A new single-use e-mail confirmation link of the user (Strapi's email_confirmation flow):
 * registration, the resend and an administrator's "resend the confirmation" send it.
 */
export async function newConfirmationLink(db: Db, appUrl: string, userId: number, now: number) {
  const token = randomBytes(32).toString('base64url');
  await insertConfirmation(
    db,
    { userId, tokenHash: sha256Hex(token), expiresAt: now + CONFIRMATION_LIFETIME_MS },
    now,
  );
  return linkTo(db, appUrl, userId, `/auth/email-confirmation?confirmation=${token}`);
}
