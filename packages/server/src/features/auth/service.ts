import {
  ACCOUNT_BLOCKED_MESSAGE,
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  isPersonalPassword,
  type LoginRequest,
  languageFromAcceptLanguage,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_PERSONAL_MESSAGE,
  type RegisterRequest,
  type ResetPasswordRequest,
  splitFullName,
} from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { mailWait } from '../../lib/attempt-limiter';
import { constraintViolation } from '../../lib/constraints';
import type { CounterStore } from '../../lib/counters';
import { fieldError, tooManyRequests, validationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { isCommonPassword } from '../../lib/password-policy';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { audit } from '../audit';
import { profileLanguage } from '../profiles';
import { createConfirmationService } from './confirmation';
import { addressTakenEmail, lockoutEmail, resetPasswordEmail } from './emails';
import { newResetLink, sha256Hex } from './links';
import {
  burnResetCodes,
  consumeResetCode,
  findUserByEmail,
  findUserById,
  hasSignedInFrom,
  insertAccount,
  replacePasswordHash,
  updatePassword,
} from './queries';

export interface AuthServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'env' | 'appUrl' | 'defaultTimezone' | 'limits'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  counters: CounterStore;
}

/** An address the owner signed in from within this time counts as their usual one. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export function createAuthService({ db, config, mailer, log, counters }: AuthServiceDeps) {
  const { limits } = config;
  const confirmations = createConfirmationService({ db, config, mailer, log, counters });

  /** A new reset link of the user, written with `trx` (the caller's transaction, or the database). */
  const resetLink = (user: User, now: number, trx: Db = db) => newResetLink(trx, config.appUrl, user.id, now);

  /**
   * Failed logins slow the attacker, not the owner (decision 0002): each (account, address) pair is
   * locked after loginFailuresPerAddress failures; after loginFailuresPerAccount failures from
   * anywhere, the account takes sign-ins only from addresses its owner has signed in from before,
   * and the owner gets one e-mail with a reset link.
   *
   * The attempt is counted before its password is checked (one atomic hit per key, in memory on
   * SQLite and in the shared table on PostgreSQL), so attempts sent all at once are counted one by
   * one and no more than the limit are ever checked; an attempt that is refused here, or that
   * turns out right, takes its hits back (release). Answers the account's count with this attempt.
   */
  async function admit(email: string, ip: string, user: User | undefined, now: number): Promise<number> {
    const pairKey = `login:${email}|${ip}`;
    const accountKey = `login:${email}`;
    const pair = await counters.hit(pairKey, limits.windowMs, now);
    if (pair.count > limits.loginFailuresPerAddress) {
      await counters.undo(pairKey, now);
      await refused(ip, user, 'locked');
      throw tooManyRequests(secondsUntil(pair.resetAt, now));
    }
    const account = await counters.hit(accountKey, limits.windowMs, now);
    if (account.count <= limits.loginFailuresPerAccount) return account.count;
    if (user && (await hasSignedInFrom(db, user.id, ip, now - KNOWN_ADDRESS_MS))) return account.count;
    await release(email, ip, now);
    await refused(ip, user, 'locked');
    throw tooManyRequests(secondsUntil(account.resetAt, now));
  }

  /** Takes back the hits of an attempt that is no failure (refused before its check, or right). */
  async function release(email: string, ip: string, now: number) {
    await counters.undo(`login:${email}|${ip}`, now);
    await counters.undo(`login:${email}`, now);
  }

  /**
   * A refused sign-in in the audit log. The address is written only when it is an account's: what
   * was typed into the e-mail field otherwise may be anything, a password typed in the wrong field
   * included, and the admin's sign-in list shows it.
   */
  function refused(ip: string, user: User | undefined, reason: string) {
    return audit(db, {
      actorUserId: null,
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: user?.id,
      details: { method: 'password', reason, ...(user ? { email: user.email } : {}) },
      ip,
    });
  }

  /** A wrong password (its hits stay counted); the owner's e-mail when the account count is reached. */
  async function failed(user: User | undefined, ip: string, accountCount: number, now: number) {
    await refused(ip, user, 'password');
    if (user && accountCount === limits.loginFailuresPerAccount) {
      const { language, link } = await resetLink(user, now);
      mailer.send({ to: user.email, ...lockoutEmail(language, link, accountCount) }).catch((err: unknown) => {
        log.error({ err }, 'lockout e-mail could not be sent');
      });
    }
  }

  /** Someone registered with an address that has an account: its owner hears of it, nothing else. */
  async function tellOwner(owner: User, mailAllowed: boolean, ip: string): Promise<void> {
    if (owner.blocked || !mailAllowed) return;
    const language = await profileLanguage(db, owner.id);
    const prefix = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
    const links = {
      signIn: `${config.appUrl}${prefix}/auth/signin`,
      forgotPassword: `${config.appUrl}${prefix}/auth/forgot-password`,
    };
    await audit(db, {
      actorUserId: null,
      action: 'auth.register_taken',
      targetType: 'user',
      targetId: owner.id,
      ip,
    });
    // Not awaited, as the new account's link is not: the answer never waits on the mail server.
    mailer.send({ to: owner.email, ...addressTakenEmail(language, links) }).catch((err: unknown) => {
      log.error({ err }, 'address-taken e-mail could not be sent');
    });
  }

  return {
    async login(body: LoginRequest, ip: string): Promise<User> {
      const email = body.identifier.toLowerCase();
      const now = Date.now();
      const user = await findUserByEmail(db, email);
      const accountCount = await admit(email, ip, user, now);
      const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        await failed(user, ip, accountCount, now);
        throw validationError('Invalid identifier or password');
      }
      await release(email, ip, now);
      if (user.blocked) {
        await refused(ip, user, 'blocked');
        throw validationError(ACCOUNT_BLOCKED_MESSAGE);
      }
      await counters.reset(`login:${email}|${ip}`);
      // With two-factor sign-in the sign-in is complete (and written as auth.login) after the code.
      if (user.two_factor !== 1)
        await audit(db, {
          actorUserId: user.id,
          action: 'auth.login',
          targetType: 'user',
          targetId: user.id,
          details: { method: 'password', email },
          ip,
        });
      if (needsRehash(user.password_hash)) {
        // Made with older parameters: upgrade it now that the password is known, off the answer's path
        // (unless the password was reset or changed meanwhile: replacePasswordHash).
        hashPassword(body.password)
          .then((hash) => replacePasswordHash(db, user.id, user.password_hash, hash))
          .catch((err: unknown) => log.warn({ err }, 'password hash could not be upgraded'));
      }
      return user;
    },

    /**
     * Registration that does not tell whether the address has an account: a new and a taken
     * address get the same answer after the same work (the password is hashed on both paths). A new
     * address gets its account, unconfirmed, and the confirmation link; a taken one gets nothing
     * created and a mail telling its owner that someone tried to register with it (limited like
     * the other mails, silently: a 429 here would tell the address is taken).
     */
    async register(body: RegisterRequest, acceptLanguage: string | undefined, ip: string): Promise<void> {
      const email = body.email.toLowerCase();
      const now = Date.now();
      if (isCommonPassword(body.password))
        throw fieldError('password', PASSWORD_COMMON_MESSAGE, ERROR_CODES.passwordCommon);
      const passwordHash = await hashPassword(body.password);
      const mailAllowed = (await mailWait(counters, limits, 'register', email, ip, now)) === 0;
      const existing = await findUserByEmail(db, email);
      if (existing) return tellOwner(existing, mailAllowed, ip);
      const { givenname, familyname } = splitFullName(body.username);
      let user: User;
      try {
        // Unconfirmed and basic: My Health Data and, in production, the first administrator's role
        // wait for the e-mailed link (confirmation.ts). Outside production the demo seed makes the admin.
        // The account, its profile and the audit line commit together.
        user = await inTransaction(db, async (trx) => {
          const created = await insertAccount(trx, {
            username: body.username,
            email,
            passwordHash,
            role: 'basic',
            confirmed: false,
            givenname,
            familyname,
            language: body.language ?? languageFromAcceptLanguage(acceptLanguage),
            timezone: config.defaultTimezone,
          });
          await audit(trx, {
            actorUserId: created.id,
            action: 'auth.register',
            targetType: 'user',
            targetId: created.id,
            details: { method: 'password' },
            ip,
          });
          return created;
        });
      } catch (err) {
        // Two registrations of one new address at once: the second finds it taken, as it would later.
        const raced = constraintViolation(err)?.kind === 'unique' && (await findUserByEmail(db, email));
        if (raced) return tellOwner(raced, mailAllowed, ip);
        throw err;
      }
      await confirmations.sendLink(user);
    },

    confirmEmail: (token: string, ip: string) => confirmations.confirm(token, ip),
    resendConfirmation: (email: string, ip: string) => confirmations.resend(email, ip),

    /**
     * Sends a reset link when the address has an account; answers the same either way. Limited per
     * client address first, then per account (lib/attempt-limiter.ts), so a stranger cannot use up
     * the owner's reset mails.
     */
    async forgotPassword(emailAddress: string, ip: string): Promise<void> {
      const email = emailAddress.toLowerCase();
      const wait = await mailWait(counters, limits, 'reset', email, ip);
      if (wait > 0) throw tooManyRequests(wait);
      const user = await findUserByEmail(db, email);
      if (!user || user.blocked) return;
      // The code and its audit line commit together, or neither does.
      const { language, link } = await inTransaction(db, async (trx) => {
        const made = await resetLink(user, Date.now(), trx);
        await audit(trx, {
          actorUserId: user.id,
          action: 'auth.reset_requested',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        return made;
      });
      // Not awaited: a slow mail server must not tell an observer that the address exists.
      mailer.send({ to: user.email, ...resetPasswordEmail(language, link) }).catch((err: unknown) => {
        log.error({ err }, 'password reset e-mail could not be sent');
      });
    },

    async resetPassword(body: ResetPasswordRequest, ip: string): Promise<User> {
      const now = Date.now();
      if (isCommonPassword(body.password))
        throw fieldError('password', PASSWORD_COMMON_MESSAGE, ERROR_CODES.passwordCommon);
      const passwordHash = await hashPassword(body.password);
      const user = await inTransaction(db, async (trx) => {
        const userId = await consumeResetCode(trx, sha256Hex(body.code), now);
        if (userId === undefined) return undefined;
        const owner = await findUserById(trx, userId);
        // Thrown inside the transaction: the code stays unused, so the user can try another password.
        if (owner && isPersonalPassword(body.password, { email: owner.email, name: owner.username }))
          throw fieldError('password', PASSWORD_PERSONAL_MESSAGE, ERROR_CODES.passwordPersonal);
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
      // A new password ends the lockout: the attacker's guesses are worthless now.
      await counters.reset(`login:${user.email}`);
      return user;
    },
  };
}
