import type { Language, Role } from '@dosedot/domain';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';
import type { User } from '../../db/types';
import { insertProfile, setProfileType } from '../profiles';

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

const activeUserById = precompiled(
  (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).where('blocked', '=', 0),
  [-987_654_321] as const,
);

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user of a token, only while the account is not blocked (every signed-in request runs it). */
export async function findActiveUserById(db: Db, id: number): Promise<User | undefined> {
  return (await activeUserById(db, id))[0];
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  givenname: string;
  familyname: string;
  language: Language;
  timezone: string;
  /** True only when the address is known to be the owner's (the demo seed); registration gives false. */
  confirmed?: boolean;
}

/** Creates a user and their profile together; the caller gives the transaction. */
export async function insertAccount(db: Db, account: NewAccount, now = Date.now()): Promise<User> {
  const user = await db
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email.toLowerCase(),
      password_hash: account.passwordHash,
      role: account.role,
      confirmed: account.confirmed ? 1 : 0,
      profile_img: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertProfile(db, { ...account, userId: user.id }, now);
  return user;
}

export async function insertResetCode(
  db: Db,
  code: { userId: number; codeHash: string; expiresAt: number },
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: code.userId,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** Marks an open, unexpired code used and names its user; undefined when no such code. */
export async function consumeResetCode(db: Db, codeHash: string, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
  return row?.user_id;
}

/** Burns every open code of a user. */
export async function burnResetCodes(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Sets a new password hash and bumps the token version, so every older token dies (no session kept). */
export function updatePassword(db: Db, userId: number, passwordHash: string, now: number): Promise<User> {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      kept_session: null,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a hash by a stronger one of the same password; tokens stay valid. Only while the stored
 * hash is still `oldHash`: a password reset or change that landed since the old one was read wins
 * (the stronger hash is of the old password, and writing it would bring that password back).
 */
export async function replacePasswordHash(
  db: Db,
  userId: number,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .execute();
}

/** True when the user has signed in successfully from this address since `since`. */
export async function hasSignedInFrom(db: Db, userId: number, ip: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('actor_user_id', '=', userId)
    .where('action', '=', 'auth.login')
    .where('ip', '=', ip)
    .where('at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/* E-mail confirmation (decision 0002): single-use links kept as SHA-256. */

export async function insertConfirmation(
  db: Db,
  link: { userId: number; tokenHash: string; expiresAt: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('email_confirmations')
    .values({
      user_id: link.userId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

export function findConfirmation(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_confirmations')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks an open, unexpired link used; false when another request used it first. */
export async function consumeConfirmation(db: Db, id: number, now: number): Promise<boolean> {
  const row = await db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Burns every other open link of the user once the address is confirmed. */
export async function burnConfirmations(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export function markConfirmed(db: Db, userId: number, now: number): Promise<User> {
  return db
    .updateTable('users')
    .set({ confirmed: 1, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The advisory-lock key of the first-administrator grant (any number no other lock uses). */
const ADMIN_GRANT_LOCK = 20_261_124;

/**
 * Serialises whatever makes or unmakes an administrator: the first-administrator grant between
 * concurrent confirmations, role changes and blocks (users/service.ts) and account deletions
 * (account/service.ts), so none of them can leave no administrator who can sign in. A
 * transaction-scoped advisory lock on PostgreSQL; SQLite runs one write transaction at a time already.
 */
export async function lockAdminGrant(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${ADMIN_GRANT_LOCK})`.execute(db);
}

export async function adminExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the user the administrator role, on the account and its profile. */
export async function promoteToAdmin(db: Db, userId: number, now: number): Promise<User> {
  await setProfileType(db, userId, 'admin', now);
  return db
    .updateTable('users')
    .set({ role: 'admin', updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
