import type { Db } from '../../db';
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
const openForPatient = precompiled(
  (db, adminUserId: number, now: number, profileId: number) =>
    open(db, adminUserId, now).where('profile_id', '=', profileId),
  [-9_101, -9_102, -9_103] as const,
);

/** The administrator's open, unexpired sessions (for one patient when given), newest first. */
export function openSessions(
  db: Db,
  adminUserId: number,
  now: number,
  profileId?: number,
): Promise<SessionRow[]> {
  return profileId === undefined
    ? openOfAdmin(db, adminUserId, now)
    : openForPatient(db, adminUserId, now, profileId);
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
