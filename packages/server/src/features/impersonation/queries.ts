import { type Db, readNow } from '../../db';
import { precompiled } from '../../db/precompiled';
import type { ImpersonationSession } from '../../db/types';

export type SessionRow = ImpersonationSession;

export async function insertSession(
  db: Db,
  s: { adminUserId: number; profileId: number; reason: string; startedAt: number; expiresAt: number },
): Promise<SessionRow> {
  return db
    .insertInto('impersonation_sessions')
    .values({
      admin_user_id: s.adminUserId,
      profile_id: s.profileId,
      reason: s.reason,
      started_at: s.startedAt,
      expires_at: s.expiresAt,
      ended_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The administrator's open, unexpired sessions, newest first. */
const open = (db: Db, adminUserId: number, now: number) =>
  db
    .selectFrom('impersonation_sessions')
    .selectAll()
    .where('admin_user_id', '=', adminUserId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc');

/**
 * Compiled once (db/precompiled.ts): the door asks for the patient's session on every request an
 * administrator makes as a patient, and the admin's pages ask for the open one.
 */
const openOfAdmin = precompiled(open, [-9_101, -9_102] as const);

/**
 * The administrator's open, unexpired sessions (for one patient when given), newest first. Outside a
 * transaction they come from the read cache (db/index.ts `readNow`, decision 0004) while nobody has
 * written a session since: the sessions open at the first ask, each dropped here once it expires
 * (an expired session never opens again). On PostgreSQL another server copy's end of a session
 * reaches the cache with its change notification (migration 2026_11_28_0200), as a logout does.
 */
export async function openSessions(
  db: Db,
  adminUserId: number,
  now: number,
  profileId?: number,
): Promise<SessionRow[]> {
  const rows = await readNow(db, `impersonation-open:${adminUserId}`, () =>
    openOfAdmin(db, adminUserId, now),
  );
  return rows.filter((s) => s.expires_at > now && (profileId === undefined || s.profile_id === profileId));
}

/** Ends the administrator's open sessions (all, or one). */
export async function endSessions(db: Db, adminUserId: number, now: number, id?: number): Promise<number> {
  let q = db
    .updateTable('impersonation_sessions')
    .set({ ended_at: now })
    .where('admin_user_id', '=', adminUserId)
    .where('ended_at', 'is', null);
  if (id !== undefined) q = q.where('id', '=', id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
