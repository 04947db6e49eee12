import type { Db } from '../../db';
import type { ImpersonationSession, ProfileRow, User } from '../../db/types';

export type SessionRow = ImpersonationSession;

/** The patient profile behind a profileuid, a user id or a profile id, with what a session shows of it. */
export type PatientKey = { profileuid: string } | { userId: number } | { profileId: number };

export type PatientRow = Pick<
  ProfileRow,
  'id' | 'user_id' | 'profileuid' | 'givenname' | 'familyname' | 'profiletype' | 'timezone'
> &
  Pick<User, 'email' | 'confirmed'>;

export function findPatient(db: Db, by: PatientKey): Promise<PatientRow | undefined> {
  const q = db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select([
      'profiles.id',
      'profiles.user_id',
      'profiles.profileuid',
      'profiles.givenname',
      'profiles.familyname',
      'profiles.profiletype',
      'profiles.timezone',
      'users.email',
      'users.confirmed',
    ]);
  if ('profileuid' in by) return q.where('profiles.profileuid', '=', by.profileuid).executeTakeFirst();
  if ('userId' in by) return q.where('profiles.user_id', '=', by.userId).executeTakeFirst();
  return q.where('profiles.id', '=', by.profileId).executeTakeFirst();
}

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

/** The administrator's open, unexpired sessions (for one patient when given), newest first. */
export function openSessions(
  db: Db,
  adminUserId: number,
  now: number,
  profileId?: number,
): Promise<SessionRow[]> {
  let q = db
    .selectFrom('impersonation_sessions')
    .selectAll()
    .where('admin_user_id', '=', adminUserId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now);
  if (profileId !== undefined) q = q.where('profile_id', '=', profileId);
  return q.orderBy('started_at', 'desc').orderBy('id', 'desc').execute();
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

function accessQuery(db: Db, profileId: number) {
  return db
    .selectFrom('audit_log')
    .where('audit_log.target_type', '=', 'profile')
    .where('audit_log.target_id', '=', String(profileId))
    .where('audit_log.action', 'like', 'impersonation.%');
}

/** One page of the administrator accesses to a profile, newest first, with who did it, and the total. */
export async function accessesOf(db: Db, profileId: number, page: { page: number; pageSize: number }) {
  const rows = await accessQuery(db, profileId)
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select([
      'audit_log.at',
      'audit_log.action',
      'audit_log.details',
      'users.email',
      'profiles.givenname',
      'profiles.familyname',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const total = await accessQuery(db, profileId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
