import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  type LoginRequest,
  languageFromAcceptLanguage,
  type RegisterRequest,
  type ResetPasswordRequest,
  splitFullName,
} from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { audit } from '../../lib/audit';
import { fieldError, tooManyRequests, validationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { resetPasswordEmail } from './emails';
import {
  burnResetCodes,
  consumeResetCode,
  countUsers,
  findUserByEmail,
  insertAccount,
  insertResetCode,
  profileLanguage,
  replacePasswordHash,
  updatePassword,
} from './queries';

export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface AuthServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'env' | 'appUrl' | 'defaultTimezone' | 'limits'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function createAuthService({ db, config, mailer, log }: AuthServiceDeps) {
  const { limits } = config;
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
      if (needsRehash(user.password_hash)) {
        // Made with older parameters: upgrade it now that the password is known, off the answer's path.
        hashPassword(body.password)
          .then((hash) => replacePasswordHash(db, user.id, hash))
          .catch((err: unknown) => log.warn({ err }, 'password hash could not be upgraded'));
      }
      return user;
    },

    async register(body: RegisterRequest, acceptLanguage: string | undefined): Promise<User> {
      const email = body.email.toLowerCase();
      if (await findUserByEmail(db, email)) throw fieldError('email', 'Email or Username are already taken');
      const passwordHash = await hashPassword(body.password);
      const { givenname, familyname } = splitFullName(body.username);
      return inTransaction(db, async (trx) => {
        // Outside production the demo seed makes the admin; in production the first user is one.
        const first = config.env === 'production' && (await countUsers(trx)) === 0;
        return insertAccount(trx, {
          username: body.username,
          email,
          passwordHash,
          role: first ? 'admin' : 'basic',
          givenname,
          familyname,
          language: body.language ?? languageFromAcceptLanguage(acceptLanguage),
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
      await insertResetCode(
        db,
        { userId: user.id, codeHash: hashCode(code), expiresAt: now + RESET_CODE_LIFETIME_MS },
        now,
      );
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
      mailer.send({ to: user.email, ...resetPasswordEmail(language, link) }).catch((err: unknown) => {
        log.error({ err }, 'password reset e-mail could not be sent');
      });
    },

    async resetPassword(body: ResetPasswordRequest, ip: string): Promise<User> {
      const now = Date.now();
      const passwordHash = await hashPassword(body.password);
      const user = await inTransaction(db, async (trx) => {
        const userId = await consumeResetCode(trx, hashCode(body.code), now);
        if (userId === undefined) return undefined;
        await burnResetCodes(trx, userId, now);
        const updated = await updatePassword(trx, userId, passwordHash, now);
        await audit(trx, {
          actorUserId: userId,
          action: 'auth.password_reset',
          targetType: 'user',
          targetId: userId,
          ip,
        });
        return updated;
      });
      if (!user) throw fieldError('code', 'Incorrect code provided');
      loginFailures.reset(user.email);
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
