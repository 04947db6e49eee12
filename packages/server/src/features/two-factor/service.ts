import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  EMAIL_UNCONFIRMED_REASON,
  NOT_ME_LINK_DAYS,
  RECOVERY_CODE_COUNT,
  type SecondStepRequest,
  TOTP_CODE_MESSAGE,
  type TwoFactorReauth,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { type Db, readNow } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { countAttempt } from '../../lib/attempt-limiter';
import type { CounterStore } from '../../lib/counters';
import { open, seal } from '../../lib/encryption';
import { fieldError, HttpError, unauthorized, validationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { audit } from '../audit';
import { insertResetCode, RESET_CODE_LIFETIME_MS, updatePassword } from '../auth';
import { profileLanguage } from '../profiles';
import { endOtherSessions } from '../sessions';
import { twoFactorNoticeEmail } from './emails';
import {
  burnNotices,
  confirmSecret,
  consumeNotice,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findOpenChallenge,
  findSecret,
  insertNotice,
  replaceRecoveryCodes,
  replaceSecret,
  type SecretRow,
  setTwoFactorFlag,
  takeStep,
  useChallenge,
} from './queries';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';

/** The name an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'DoseDot';

export const WRONG_CODE_MESSAGE = 'The code is not correct. Check the time on your phone and try again.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'This recovery code is not correct or was already used';
export const CHALLENGE_EXPIRED_MESSAGE = 'This sign-in has expired. Please sign in again.';
export const EMAIL_UNCONFIRMED_MESSAGE =
  'Confirm your e-mail address first: two-step sign-in mails its notices there';
export const NOT_ME_LINK_MESSAGE = 'This link is not valid any more: it was used already or has expired';
export const NOT_ME_LINK_MS = NOT_ME_LINK_DAYS * 24 * 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The secret is bound to its user: a row copied to another user does not open. */
const associated = (userId: number) => `two_factor_secrets:${userId}`;

/** A recovery code as typed, reduced to its letters and digits, lower-case. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Recovery codes are stored only as SHA-256 (50 random bits each, single-use, rate-limited). */
export const recoveryCodeHash = (userId: number, code: string) =>
  sha256(`${userId}:${normalizeRecoveryCode(code)}`);

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten characters of base32 (50 bits), shown as two groups of five: "k3v9q-7mxp2". */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export interface TwoFactorServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'healthDataKey' | 'limits' | 'requireAdmin2fa' | 'appUrl'>;
  counters: CounterStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The signed-in caller of a change: the user and the session that stays signed in. */
export interface Caller {
  user: User;
  sessionId: string;
  ip: string;
}

/**
 * Enrolment, the second step and the changes of two-factor sign-in (docs/decisions/0008). Wrong
 * codes count per account (5 in 15 minutes, then 429 even with the right code), wherever they are
 * typed: at sign-in, when confirming, disabling or regenerating.
 */
export function createTwoFactorService({ db, config, counters, mailer, log }: TwoFactorServiceDeps) {
  const key = config.healthDataKey;
  const { limits } = config;
  const counterKey = (userId: number) => `2fa:${userId}`;

  const secretOf = (row: SecretRow) => open(row, key, associated(row.user_id));

  /**
   * Counts the attempt before its code (or password) is checked, so wrong ones sent all at once are
   * checked no more than the limit allows (lib/attempt-limiter.ts); 429 past it. A wrong attempt
   * stays counted; a right one, or one refused before its check for another reason, is taken back
   * (release).
   */
  const attempt = (userId: number, now: number) => countAttempt(counters, limits, counterKey(userId), now);
  const release = (userId: number, now: number) => counters.undo(counterKey(userId), now);

  /** True when the code is the user's current one and its time step was never used before. */
  async function checkCode(trx: Db, row: SecretRow, code: string, now: number): Promise<boolean> {
    const step = matchTotp(secretOf(row), code, now);
    return step !== undefined && (await takeStep(trx, row.user_id, step));
  }

  /** A current code or the password; a wrong one counts as a failed attempt and names its field. */
  async function reauthenticate(
    user: User,
    body: TwoFactorReauth,
    now: number,
  ): Promise<'code' | 'password'> {
    await attempt(user.id, now);
    if (body.code !== undefined) {
      const row = await findSecret(db, user.id);
      if (row?.confirmed_at == null || !(await checkCode(db, row, body.code, now)))
        throw fieldError('code', WRONG_CODE_MESSAGE);
      await release(user.id, now);
      return 'code';
    }
    if (!(await verifyPassword(body.password ?? '', user.password_hash)))
      throw fieldError('password', 'The password is not correct');
    await release(user.id, now);
    return 'password';
  }

  async function newRecoveryCodes(trx: Db, userId: number, now: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(
      trx,
      userId,
      codes.map((c) => recoveryCodeHash(userId, c)),
      now,
    );
    return codes;
  }

  const notEnabled = () =>
    new HttpError(409, 'ConflictError', 'Two-factor sign-in is not on for this account');

  /** Only an owner who proved the mailbox turns it on: the notices and their links go there. */
  const requireConfirmed = (user: User) => {
    if (user.confirmed !== 1)
      throw new HttpError(403, 'ForbiddenError', EMAIL_UNCONFIRMED_MESSAGE, {
        reason: EMAIL_UNCONFIRMED_REASON,
      });
  };

  /** A "this was not me" link, stored as SHA-256 in the change's transaction. */
  async function noticeLink(trx: Db, userId: number, change: 'enabled' | 'disabled', now: number) {
    const token = randomBytes(32).toString('base64url');
    await insertNotice(
      trx,
      { userId, tokenHash: sha256(token), change, expiresAt: now + NOT_ME_LINK_MS },
      now,
    );
    const language = await profileLanguage(trx, userId);
    const prefix = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
    return { language, link: `${config.appUrl}${prefix}/auth/not-me?token=${token}` };
  }

  /** Mails the notice once the change is committed, without making the caller wait for the mail server. */
  function sendNotice(
    email: string,
    change: 'enabled' | 'disabled',
    notice: { language: Parameters<typeof twoFactorNoticeEmail>[0]; link: string },
  ) {
    mailer
      .send({ to: email, ...twoFactorNoticeEmail(notice.language, change, notice.link, NOT_ME_LINK_DAYS) })
      .catch((err: unknown) => log.error({ err }, 'two-step sign-in notice could not be sent'));
  }

  return {
    /**
     * A current code of a user with two-factor sign-in, for a change that asks for the second factor
     * besides the password (deleting the account). A wrong one counts as a failed attempt and is a
     * 400 naming `code`; nothing to check when two-factor sign-in is off.
     */
    async requireCode(user: User, code: string | undefined, now = Date.now()): Promise<void> {
      const row = await findSecret(db, user.id);
      if (row?.confirmed_at == null) return;
      if (code === undefined) throw fieldError('code', TOTP_CODE_MESSAGE);
      await attempt(user.id, now);
      if (!(await checkCode(db, row, code, now))) throw fieldError('code', WRONG_CODE_MESSAGE);
      await release(user.id, now);
    },

    /**
     * From the read cache while neither the secret nor the codes changed (decision 0004; on PostgreSQL
     * their change notifications, migration 2026_11_28_0200). A sign-in reads the secret afresh.
     */
    async status(user: User): Promise<TwoFactorStatus> {
      const kept = await readNow(db, `two-factor:${user.id}`, async () => {
        const row = await findSecret(db, user.id);
        const enabled = row?.confirmed_at != null;
        return {
          enabled,
          pending: row !== undefined && !enabled,
          recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
        };
      });
      return { ...kept, required: config.requireAdmin2fa && user.role === 'admin' };
    },

    /**
     * A new secret for the QR code; sign-in stays as it is until the first code confirms it. Needs
     * a confirmed address and the current password (a wrong one counts like a wrong code).
     */
    async setup(user: User, password: string, now = Date.now()): Promise<TwoFactorSetup> {
      requireConfirmed(user);
      const existing = await findSecret(db, user.id);
      if (existing?.confirmed_at != null)
        throw new HttpError(409, 'ConflictError', 'Two-factor sign-in is already on; turn it off first');
      await reauthenticate(user, { password }, now);
      const secret = newTotpSecret();
      await inTransaction(db, async (trx) => {
        // Asked again with the user held: a confirmation of the earlier setup may have turned it on
        // while the password was checked, and its secret must not be replaced by one never scanned.
        await holdRow(trx, 'users', user.id);
        if ((await findSecret(trx, user.id))?.confirmed_at != null)
          throw new HttpError(409, 'ConflictError', 'Two-factor sign-in is already on; turn it off first');
        await replaceSecret(trx, user.id, seal(secret, key, associated(user.id)), now);
      });
      return { secret, otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER) };
    },

    /**
     * The first valid code turns two-factor sign-in on; answers the recovery codes, once. Every
     * other session of the user ends, and the owner is mailed a notice with a "this was not me" link.
     */
    async confirm({ user, sessionId, ip }: Caller, code: string, now = Date.now()): Promise<string[]> {
      requireConfirmed(user);
      await attempt(user.id, now);
      const done = await inTransaction(db, async (trx) => {
        // The user held: a setup started again meanwhile replaces the secret before or after this
        // confirmation, never between its check and its write.
        await holdRow(trx, 'users', user.id);
        const row = await findSecret(trx, user.id);
        if (!row || row.confirmed_at != null) return 'no setup' as const;
        if (!(await checkCode(trx, row, code, now))) return undefined;
        if (!(await confirmSecret(trx, user.id, now))) return undefined;
        await setTwoFactorFlag(trx, user.id, true, now);
        await endOtherSessions(trx, user.id, sessionId, now);
        const fresh = await newRecoveryCodes(trx, user.id, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'two_factor.enabled',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        return { codes: fresh, notice: await noticeLink(trx, user.id, 'enabled', now) };
      });
      if (done === 'no setup') {
        await release(user.id, now);
        throw fieldError('code', 'No setup is waiting for a code. Start the setup again.');
      }
      if (!done) throw fieldError('code', WRONG_CODE_MESSAGE);
      await counters.reset(counterKey(user.id));
      sendNotice(user.email, 'enabled', done.notice);
      return done.codes;
    },

    /** Turns it off; every other session ends and the owner is mailed a notice, as when turned on. */
    async disable({ user, sessionId, ip }: Caller, body: TwoFactorReauth, now = Date.now()): Promise<void> {
      if (user.two_factor !== 1) throw notEnabled();
      const by = await reauthenticate(user, body, now);
      const notice = await inTransaction(db, async (trx) => {
        await deleteTwoFactor(trx, user.id);
        await setTwoFactorFlag(trx, user.id, false, now);
        await endOtherSessions(trx, user.id, sessionId, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'two_factor.disabled',
          targetType: 'user',
          targetId: user.id,
          details: { by },
          ip,
        });
        return noticeLink(trx, user.id, 'disabled', now);
      });
      await counters.reset(counterKey(user.id));
      sendNotice(user.email, 'disabled', notice);
    },

    /**
     * POST /api/two-factor/not-me: the notice's link, followed by its owner. Removes the second
     * factor, ends every session, makes the old password unusable (whoever changed the factor knows
     * it) and answers a password-reset code, so the owner chooses a new password at once. An unknown,
     * used or expired link is a 400 naming `token`, and nothing changes.
     */
    async notMe(token: string, ip: string, now = Date.now()): Promise<string> {
      // Hashed before the transaction (scrypt takes a while): a password nobody knows.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const resetCode = randomBytes(32).toString('base64url');
      const userId = await inTransaction(db, async (trx) => {
        const link = await consumeNotice(trx, sha256(token), now);
        if (!link) return undefined;
        await burnNotices(trx, link.user_id, now);
        await deleteTwoFactor(trx, link.user_id);
        await setTwoFactorFlag(trx, link.user_id, false, now);
        // Bumps the token version and keeps no session: every token of the user ends.
        await updatePassword(trx, link.user_id, unusable, now);
        await insertResetCode(
          trx,
          { userId: link.user_id, codeHash: sha256(resetCode), expiresAt: now + RESET_CODE_LIFETIME_MS },
          now,
        );
        await audit(trx, {
          actorUserId: link.user_id,
          action: 'two_factor.not_me',
          targetType: 'user',
          targetId: link.user_id,
          details: { change: link.change },
          ip,
        });
        return link.user_id;
      });
      if (userId === undefined) throw fieldError('token', NOT_ME_LINK_MESSAGE);
      await counters.reset(counterKey(userId));
      return resetCode;
    },

    /** New recovery codes in place of all earlier ones (used or not); answered once. */
    async regenerateRecoveryCodes(
      user: User,
      body: TwoFactorReauth,
      ip: string,
      now = Date.now(),
    ): Promise<string[]> {
      if (user.two_factor !== 1) throw notEnabled();
      const by = await reauthenticate(user, body, now);
      const codes = await inTransaction(db, async (trx) => {
        const fresh = await newRecoveryCodes(trx, user.id, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'two_factor.recovery_regenerated',
          targetType: 'user',
          targetId: user.id,
          details: { by },
          ip,
        });
        return fresh;
      });
      await counters.reset(counterKey(user.id));
      return codes;
    },

    /**
     * POST /api/auth/2fa: the challenge of the first step and a code (or a recovery code); answers
     * the user to sign in. Every outcome is written to the audit log.
     */
    async completeSignIn(
      body: SecondStepRequest,
      ip: string,
      findUser: (id: number) => Promise<User | undefined>,
    ) {
      const now = Date.now();
      const challenge = await findOpenChallenge(db, sha256(body.mfaToken), now);
      if (!challenge) throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);
      const user = await findUser(challenge.user_id);
      if (!user) throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);
      const email = user.email;
      const failure = (reason: string) =>
        audit(db, {
          actorUserId: null,
          action: 'auth.2fa_failed',
          targetType: 'user',
          targetId: user.id,
          details: { method: challenge.method, reason, email },
          ip,
        });
      if (user.blocked) {
        await failure('blocked');
        throw validationError('Your account has been blocked by an administrator');
      }
      try {
        await attempt(user.id, now);
      } catch (err) {
        await failure('locked');
        throw err;
      }
      const row = await findSecret(db, user.id);
      if (row?.confirmed_at == null) {
        await release(user.id, now);
        throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);
      }

      const byRecovery = body.recoveryCode !== undefined;
      const second = byRecovery ? 'recovery_code' : 'totp';
      // The code or recovery code used, the challenge spent and the sign-in's audit lines commit
      // together, or none of them does.
      const passed = await inTransaction(db, async (trx) => {
        const ok = byRecovery
          ? await consumeRecoveryCode(trx, user.id, recoveryCodeHash(user.id, body.recoveryCode ?? ''), now)
          : await checkCode(trx, row, body.code ?? '', now);
        if (!ok) return 'wrong' as const;
        // Two tabs with the same challenge: only one signs in.
        if (!(await useChallenge(trx, challenge.id, now))) return 'used' as const;
        await audit(trx, {
          actorUserId: user.id,
          action: 'auth.login',
          targetType: 'user',
          targetId: user.id,
          details: { method: `${challenge.method}+${second}`, email },
          ip,
        });
        if (byRecovery) {
          await audit(trx, {
            actorUserId: user.id,
            action: 'two_factor.recovery_used',
            targetType: 'user',
            targetId: user.id,
            details: { left: await countUnusedRecoveryCodes(trx, user.id) },
            ip,
          });
        }
        return 'ok' as const;
      });
      if (passed === 'used') {
        await release(user.id, now);
        throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);
      }
      if (passed === 'wrong') {
        await failure(byRecovery ? 'recovery_code' : 'code');
        throw byRecovery
          ? fieldError('recoveryCode', WRONG_RECOVERY_CODE_MESSAGE)
          : fieldError('code', WRONG_CODE_MESSAGE);
      }
      await counters.reset(counterKey(user.id));
      return user;
    },
  };
}
