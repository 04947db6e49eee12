import { createHash, randomBytes } from 'node:crypto';
import { MFA_CHALLENGE_MINUTES, type MfaChallenge } from '@dosedot/domain';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { audit } from '../audit';

const MFA_CHALLENGE_MS = MFA_CHALLENGE_MINUTES * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The second step of a sign-in, for every way in (password in routes.ts, OpenID Connect in
 * features/oidc): a user with two-factor sign-in gets a single-use challenge instead of a token, and
 * the sign-in finishes at POST /api/auth/2fa (features/two-factor answers the challenge); undefined
 * for a user without it (issue the token as usual). `method` names the first step for the audit log
 * ('password', 'oidc:<provider>').
 */
export async function beginSecondStep(
  db: Db,
  user: User,
  opts: { method: string; ip?: string },
  now = Date.now(),
): Promise<MfaChallenge | undefined> {
  if (user.two_factor !== 1) return undefined;
  const token = randomBytes(32).toString('base64url');
  // The challenge and its audit line commit together.
  await inTransaction(db, async (trx) => {
    await insertChallenge(
      trx,
      { userId: user.id, tokenHash: sha256(token), method: opts.method, expiresAt: now + MFA_CHALLENGE_MS },
      now,
    );
    await audit(trx, {
      actorUserId: user.id,
      action: 'auth.login_challenge',
      targetType: 'user',
      targetId: user.id,
      details: { method: opts.method, email: user.email },
      ip: opts.ip,
    });
  });
  return { mfaRequired: true, mfaToken: token };
}

/** A sign-in's challenge, its token kept as SHA-256 only. */
async function insertChallenge(
  db: Db,
  challenge: { userId: number; tokenHash: string; method: string; expiresAt: number },
  now: number,
): Promise<void> {
  // Expired challenges go as new ones come (the index on expires_at keeps this cheap).
  await db.deleteFrom('mfa_challenges').where('expires_at', '<', now).execute();
  await db
    .insertInto('mfa_challenges')
    .values({
      user_id: challenge.userId,
      token_hash: challenge.tokenHash,
      method: challenge.method,
      expires_at: challenge.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}
