import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OidcIdentitiesTable } from '../../db/types';

export type OidcIdentity = Selectable<OidcIdentitiesTable>;

export function findIdentity(db: Db, issuer: string, subject: string): Promise<OidcIdentity | undefined> {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Db,
  identity: { userId: number; issuer: string; subject: string; email: string | null },
  now: number,
): Promise<void> {
  await db
    .insertInto('oidc_identities')
    .values({
      user_id: identity.userId,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      created_at: now,
      last_sign_in_at: now,
    })
    .execute();
}

export async function touchIdentity(db: Db, id: number, email: string | null, now: number): Promise<void> {
  await db.updateTable('oidc_identities').set({ last_sign_in_at: now, email }).where('id', '=', id).execute();
}

/** A user created by a provider sign-in: its address was confirmed there. */
export async function markConfirmed(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ confirmed: 1 }).where('id', '=', userId).execute();
}

/** Keeps a new single-use sign-in code and drops the expired ones. */
export async function insertSignInCode(
  db: Db,
  code: { codeHash: string; userId: number; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('oidc_sign_in_codes').where('expires_at', '<=', now).execute();
  await db
    .insertInto('oidc_sign_in_codes')
    .values({ code_hash: code.codeHash, user_id: code.userId, expires_at: code.expiresAt, created_at: now })
    .execute();
}

/** Takes a code once: deletes it and names its user; undefined when unknown, used or expired. */
export async function consumeSignInCode(db: Db, codeHash: string, now: number): Promise<number | undefined> {
  const row = await db
    .deleteFrom('oidc_sign_in_codes')
    .where('code_hash', '=', codeHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > now ? row.user_id : undefined;
}
