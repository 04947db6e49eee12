import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  splitFullName,
} from '@dosedot/domain';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../db/types';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { audit } from '../../lib/audit';
import { fieldError, tooManyRequests, validationError } from '../../lib/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import { resetPasswordEmail } from './emails';
import { countUsers, findUserByEmail, insertAccount, profileLanguage } from './queries';

export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

export interface AuthLimits {
  /** Failed logins per account in the window before 429. */
  loginFailuresPerAccount: number;
  /** Reset e-mails per account in the window. */
  resetMailsPerAccount: number;
  windowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccount: 10,
  resetMailsPerAccount: 3,
  windowMs: 15 * 60 * 1000,
};

/** The first of en/de/fr in an Accept-Language header, else English. */
export function languageFromHeader(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const match = LANGUAGES.find((l) => l === tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export function createAuthService(app: FastifyInstance, limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
  const { db, config } = app;
  const loginFailures = new AttemptLimiter(limits.loginFailuresPerAccount, limits.windowMs);
  const resetMails = new AttemptLimiter(limits.resetMailsPerAccount, limits.windowMs);

  return {
    async login(body: LoginRequest): Promise<User> {
      const key = body.identifier.toLowerCase();
      const wait = loginFailures.retryAfter(key);
      if (wait > 0) throw tooManyRequests(wait);
      const user = await findUserByEmail(db, key);
      const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        loginFailures.hit(key);
        throw validationError('Invalid identifier or password');
      }
      if (user.blocked) throw validationError('Your account has been blocked by an administrator');
      loginFailures.reset(key);
      return user;
    },

    async register(body: RegisterRequest, acceptLanguage: string | undefined): Promise<User> {
      const email = body.email.toLowerCase();
      if (await findUserByEmail(db, email)) throw fieldError('email', 'Email or Username are already taken');
      const passwordHash = await hashPassword(body.password);
      const { givenname, familyname } = splitFullName(body.username);
      return db.transaction().execute(async (trx) => {
        // Outside production the demo seed makes the admin; in production the first user is one.
        const first = config.env === 'production' && (await countUsers(trx)) === 0;
        return insertAccount(trx, {
          username: body.username,
          email,
          passwordHash,
          role: first ? 'admin' : 'basic',
          givenname,
          familyname,
          language: body.language ?? languageFromHeader(acceptLanguage),
          timezone: config.defaultTimezone,
        });
      });
    },

    /** Sends a reset link when the address has an account; answers the same either way. */
    async forgotPassword(emailAddress: string, ip: string): Promise<void> {
      const email = emailAddress.toLowerCase();
      const wait = resetMails.retryAfter(email);
      if (wait > 0) throw tooManyRequests(wait);
      resetMails.hit(email);
      const user = await findUserByEmail(db, email);
      if (!user || user.blocked) return;
      const code = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          code_hash: hashCode(code),
          expires_at: now + RESET_CODE_LIFETIME_MS,
          used_at: null,
          created_at: now,
        })
        .execute();
      const language = await profileLanguage(db, user.id);
      const prefix = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
      const link = `${config.appUrl}${prefix}/auth/reset-password?code=${code}`;
      await audit(db, {
        actorUserId: user.id,
        action: 'auth.reset_requested',
        targetType: 'user',
        targetId: user.id,
        ip,
      });
      // Not awaited: a slow mail server must not tell an observer that the address exists.
      app.mailer.send({ to: user.email, ...resetPasswordEmail(language, link) }).catch((err: unknown) => {
        app.log.error({ err }, 'password reset e-mail could not be sent');
      });
    },

    async resetPassword(body: ResetPasswordRequest, ip: string): Promise<User> {
      const now = Date.now();
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction().execute(async (trx) => {
        const reset = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('code_hash', '=', hashCode(body.code))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['user_id'])
          .executeTakeFirst();
        if (!reset) return undefined;
        // Every other open code of this user dies too.
        await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        return trx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            token_version: eb('token_version', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', reset.user_id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (!user) throw fieldError('code', 'Incorrect code provided');
      loginFailures.reset(user.email);
      await audit(db, {
        actorUserId: user.id,
        action: 'auth.password_reset',
        targetType: 'user',
        targetId: user.id,
        ip,
      });
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
