import type { Role } from '@dosedot/domain';
import type { Db } from '../../db';
import type { User } from '../../db/types';
import { setProfileType } from '../profiles';

/** How many administrators besides `userId` can still sign in (not blocked). */
export async function countOtherActiveAdmins(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .where('blocked', '=', 0)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Blocks or unblocks the account. Blocking also bumps the token version with no session kept, so
 * every token of the user ends at once and stays ended after an unblock (decision 0002): the next
 * request of any of them answers 401, on every server copy (the users table's change drops the
 * cached row, db/read-cache.ts).
 */
export function setBlocked(db: Db, userId: number, blocked: boolean, now: number): Promise<User> {
  return db
    .updateTable('users')
    .set((eb) =>
      blocked
        ? { blocked: 1, token_version: eb('token_version', '+', 1), kept_session: null, updated_at: now }
        : { blocked: 0, updated_at: now },
    )
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives the user the role, on the account and its profile (the profile's profiletype). */
export async function setRole(db: Db, userId: number, role: Role, now: number): Promise<User> {
  await setProfileType(db, userId, role, now);
  return db
    .updateTable('users')
    .set({ role, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
