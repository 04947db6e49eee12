import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';
import type { Sealed } from '../../lib/encryption';

/** Compiled once (db/precompiled.ts): every sign-in and the settings page ask. */
const secretOf = precompiled(
  (db, userId: number) => db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', userId),
  [-9_201] as const,
);

export async function findSecret(db: Db, userId: number) {
  return (await secretOf(db, userId))[0];
}

export type SecretRow = NonNullable<Awaited<ReturnType<typeof findSecret>>>;

/** A new, unconfirmed secret in place of any earlier one of the user. */
export async function replaceSecret(db: Db, userId: number, sealed: Sealed, now: number): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_secrets')
    .values({
      user_id: userId,
      ciphertext: sealed.ciphertext,
      iv: sealed.iv,
      tag: sealed.tag,
      confirmed_at: null,
      last_step: null,
      created_at: now,
    })
    .execute();
}

/**
 * Takes a time step for the user: true only when it is later than every step taken before, in one
 * statement, so two requests with the same code cannot both pass.
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function confirmSecret(db: Db, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ confirmed_at: now })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setTwoFactorFlag(db: Db, userId: number, on: boolean, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor: on ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Removes the user's secret, recovery codes and open challenges. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  hashes: string[],
  now: number,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

const unusedCodes = precompiled(
  (db, userId: number) =>
    db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
  [-9_202] as const,
);

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  return Number((await unusedCodes(db, userId))[0]?.n ?? 0);
}

/** Marks an unused recovery code of the user used; false when there is no such code. */
export async function consumeRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An open, unexpired challenge. */
export function findOpenChallenge(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('mfa_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a challenge up; false when another request did first. */
export async function useChallenge(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mfa_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/* "This was not me" links of the notices mailed when two-step sign-in is turned on or off. */

export async function insertNotice(
  db: Db,
  notice: { userId: number; tokenHash: string; change: 'enabled' | 'disabled'; expiresAt: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('two_factor_notices')
    .values({
      user_id: notice.userId,
      token_hash: notice.tokenHash,
      change: notice.change,
      expires_at: notice.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** Uses an open, unexpired link up and names its user; undefined when there is no such link. */
export async function consumeNotice(db: Db, tokenHash: string, now: number) {
  return db
    .updateTable('two_factor_notices')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'change'])
    .executeTakeFirst();
}

/** Uses up every other open link of the user: one "this was not me" is enough. */
export async function burnNotices(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('two_factor_notices')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
