import { type Db, readNow } from '../../db';

/**
 * The caregiver's accepted, unrevoked grant for the profile: the door asks on every request a
 * caregiver makes for their patient. From the read cache while no grant was written (decision 0004;
 * on PostgreSQL another copy's revocation reaches it with its change notification, migration
 * 2026_11_28_0200).
 */
export async function activeGrant(
  db: Db,
  userId: number,
  profileId: number,
): Promise<{ id: number } | undefined> {
  return readNow(db, `caregiver-grant:${userId}:${profileId}`, () =>
    db
      .selectFrom('caregivers')
      .select(['id'])
      .where('user_id', '=', userId)
      .where('profile_id', '=', profileId)
      .where('accepted_at', 'is not', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );
}

/** The profile's caregivers now, with their address and language (the alerts' recipients). */
export function activeCaregiversOf(db: Db, profileId: number) {
  return db
    .selectFrom('caregivers')
    .innerJoin('users', 'users.id', 'caregivers.user_id')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id as user_id', 'users.email', 'profiles.language'])
    .where('caregivers.profile_id', '=', profileId)
    .where('caregivers.accepted_at', 'is not', null)
    .where('caregivers.revoked_at', 'is', null)
    .where('users.blocked', '=', 0)
    .execute();
}

/** The patient's caregivers and invitations that were not revoked, newest first. */
export function caregiversOf(db: Db, profileId: number) {
  return db
    .selectFrom('caregivers')
    .leftJoin('profiles', 'profiles.user_id', 'caregivers.user_id')
    .select([
      'caregivers.id',
      'caregivers.email',
      'caregivers.invited_at',
      'caregivers.expires_at',
      'caregivers.accepted_at',
      'caregivers.user_id',
      'profiles.givenname',
      'profiles.familyname',
    ])
    .where('caregivers.profile_id', '=', profileId)
    .where('caregivers.revoked_at', 'is', null)
    .orderBy('caregivers.invited_at', 'desc')
    .orderBy('caregivers.id', 'desc')
    .execute();
}

export function insertInvitation(
  db: Db,
  row: { profile_id: number; email: string; token_hash: string; invited_at: number; expires_at: number },
) {
  return db.insertInto('caregivers').values(row).returning('id').executeTakeFirstOrThrow();
}

export function invitationByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('caregivers')
    .innerJoin('profiles', 'profiles.id', 'caregivers.profile_id')
    .select([
      'caregivers.id',
      'caregivers.profile_id',
      'caregivers.expires_at',
      'caregivers.accepted_at',
      'caregivers.revoked_at',
      'profiles.user_id as patient_user_id',
    ])
    .where('caregivers.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Takes an open invitation for `userId`: whether this call took it (a second one finds it taken). */
export async function acceptInvitation(db: Db, id: number, userId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('caregivers')
    .set({ accepted_at: now, user_id: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a caregiver or an invitation of the profile: whether there was one to end. */
export async function revokeCaregiver(db: Db, profileId: number, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('caregivers')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The patients `userId` cares for now, with their user id and name. */
export function patientsOf(db: Db, userId: number) {
  return db
    .selectFrom('caregivers')
    .innerJoin('profiles', 'profiles.id', 'caregivers.profile_id')
    .select(['profiles.user_id', 'profiles.givenname', 'profiles.familyname', 'caregivers.accepted_at'])
    .where('caregivers.user_id', '=', userId)
    .where('caregivers.accepted_at', 'is not', null)
    .where('caregivers.revoked_at', 'is', null)
    .orderBy('profiles.familyname')
    .orderBy('profiles.givenname')
    .execute();
}
