import { createHash, randomBytes } from 'node:crypto';
import {
  MFA_CHALLENGE_MINUTES,
  type MfaChallenge,
  RECOVERY_CODE_COUNT,
  type SecondStepRequest,
  type TwoFactorReauth,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@dosedot/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { audit } from '../../lib/audit';
import type { CounterStore } from '../../lib/counters';
import { open, seal } from '../../lib/encryption';
import { fieldError, HttpError, tooManyRequests, unauthorized, validationError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import {
  confirmSecret,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findOpenChallenge,
  findSecret,
  insertChallenge,
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
export const MFA_CHALLENGE_MS = MFA_CHALLENGE_MINUTES * 60 * 1000;

export const WRONG_CODE_MESSAGE = 'The code is not correct. Check the time on your phone and try again.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'This recovery code is not correct or was already used';
export const CHALLENGE_EXPIRED_MESSAGE = 'This sign-in has expired. Please sign in again.';

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

/**
 * The second step of a sign-in, for every way in (password here, OpenID Connect in features/oidc):
 * a user with two-factor sign-in gets a single-use challenge instead of a token, and the sign-in
 * finishes at POST /api/auth/2fa; undefined for a user without it (issue the token as usual).
 * `method` names the first step for the audit log ('password', 'oidc:<provider>').
 */
export async function beginSecondStep(
  db: Db,
  user: User,
  opts: { method: string; ip?: string },
  now = Date.now(),
): Promise<MfaChallenge | undefined> {
  if (user.two_factor !== 1) return undefined;
  const token = randomBytes(32).toString('base64url');
  await insertChallenge(
    db,
    { userId: user.id, tokenHash: sha256(token), method: opts.method, expiresAt: now + MFA_CHALLENGE_MS },
    now,
  );
  await audit(db, {
    actorUserId: user.id,
    action: 'auth.login_challenge',
    targetType: 'user',
    targetId: user.id,
    details: { method: opts.method, email: user.email },
    ip: opts.ip,
  });
  return { mfaRequired: true, mfaToken: token };
}

export interface TwoFactorServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'healthDataKey' | 'limits' | 'requireAdmin2fa'>;
  counters: CounterStore;
}

/**
 * Enrolment, the second step and the changes of two-factor sign-in (docs/decisions/0008). Wrong
 * codes count per account (5 in 15 minutes, then 429 even with the right code), wherever they are
 * typed: at sign-in, when confirming, disabling or regenerating.
 */
export function createTwoFactorService({ db, config, counters }: TwoFactorServiceDeps) {
  const key = config.healthDataKey;
  const { limits } = config;
  const counterKey = (userId: number) => `2fa:${userId}`;

  const secretOf = (row: SecretRow) => open(row, key, associated(row.user_id));

  async function guard(userId: number, now: number) {
    const count = await counters.peek(counterKey(userId), now);
    if (count.count >= limits.loginFailuresPerAddress)
      throw tooManyRequests(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
  }

  const miss = (userId: number, now: number) => counters.hit(counterKey(userId), limits.windowMs, now);

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
    await guard(user.id, now);
    if (body.code !== undefined) {
      const row = await findSecret(db, user.id);
      if (row?.confirmed_at != null && (await checkCode(db, row, body.code, now))) return 'code';
      await miss(user.id, now);
      throw fieldError('code', WRONG_CODE_MESSAGE);
    }
    if (await verifyPassword(body.password ?? '', user.password_hash)) return 'password';
    await miss(user.id, now);
    throw fieldError('password', 'The password is not correct');
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

  return {
    async status(user: User): Promise<TwoFactorStatus> {
      const row = await findSecret(db, user.id);
      const enabled = row?.confirmed_at != null;
      return {
        enabled,
        pending: row !== undefined && !enabled,
        recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
        required: config.requireAdmin2fa && user.role === 'admin',
      };
    },

    /** A new secret for the QR code; sign-in stays as it is until the first code confirms it. */
    async setup(user: User, now = Date.now()): Promise<TwoFactorSetup> {
      const existing = await findSecret(db, user.id);
      if (existing?.confirmed_at != null)
        throw new HttpError(409, 'ConflictError', 'Two-factor sign-in is already on; turn it off first');
      const secret = newTotpSecret();
      await replaceSecret(db, user.id, seal(secret, key, associated(user.id)), now);
      return { secret, otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER) };
    },

    /** The first valid code turns two-factor sign-in on; answers the recovery codes, once. */
    async confirm(user: User, code: string, ip: string, now = Date.now()): Promise<string[]> {
      await guard(user.id, now);
      const row = await findSecret(db, user.id);
      if (!row || row.confirmed_at != null)
        throw fieldError('code', 'No setup is waiting for a code. Start the setup again.');
      const codes = await inTransaction(db, async (trx) => {
        if (!(await checkCode(trx, row, code, now))) return undefined;
        if (!(await confirmSecret(trx, user.id, now))) return undefined;
        await setTwoFactorFlag(trx, user.id, true, now);
        const fresh = await newRecoveryCodes(trx, user.id, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'two_factor.enabled',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        return fresh;
      });
      if (!codes) {
        await miss(user.id, now);
        throw fieldError('code', WRONG_CODE_MESSAGE);
      }
      await counters.reset(counterKey(user.id));
      return codes;
    },

    async disable(user: User, body: TwoFactorReauth, ip: string, now = Date.now()): Promise<void> {
      if (user.two_factor !== 1) throw notEnabled();
      const by = await reauthenticate(user, body, now);
      await inTransaction(db, async (trx) => {
        await deleteTwoFactor(trx, user.id);
        await setTwoFactorFlag(trx, user.id, false, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'two_factor.disabled',
          targetType: 'user',
          targetId: user.id,
          details: { by },
          ip,
        });
      });
      await counters.reset(counterKey(user.id));
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
        await guard(user.id, now);
      } catch (err) {
        await failure('locked');
        throw err;
      }
      const row = await findSecret(db, user.id);
      if (row?.confirmed_at == null) throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);

      const byRecovery = body.recoveryCode !== undefined;
      const passed = await inTransaction(db, async (trx) => {
        const ok = byRecovery
          ? await consumeRecoveryCode(trx, user.id, recoveryCodeHash(user.id, body.recoveryCode ?? ''), now)
          : await checkCode(trx, row, body.code ?? '', now);
        if (!ok) return 'wrong' as const;
        // Two tabs with the same challenge: only one signs in.
        if (!(await useChallenge(trx, challenge.id, now))) return 'used' as const;
        return 'ok' as const;
      });
      if (passed === 'used') throw unauthorized(CHALLENGE_EXPIRED_MESSAGE);
      if (passed === 'wrong') {
        await miss(user.id, now);
        await failure(byRecovery ? 'recovery_code' : 'code');
        throw byRecovery
          ? fieldError('recoveryCode', WRONG_RECOVERY_CODE_MESSAGE)
          : fieldError('code', WRONG_CODE_MESSAGE);
      }
      await counters.reset(counterKey(user.id));
      const second = byRecovery ? 'recovery_code' : 'totp';
      await audit(db, {
        actorUserId: user.id,
        action: 'auth.login',
        targetType: 'user',
        targetId: user.id,
        details: { method: `${challenge.method}+${second}`, email },
        ip,
      });
      if (byRecovery) {
        await audit(db, {
          actorUserId: user.id,
          action: 'two_factor.recovery_used',
          targetType: 'user',
          targetId: user.id,
          details: { left: await countUnusedRecoveryCodes(db, user.id) },
          ip,
        });
      }
      return user;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
