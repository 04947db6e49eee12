import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language, type Role, USER_ADMIN_ACTIONS } from '@dosedot/domain';
import { type SegmentTimes, segmentTimesOf } from '@dosedot/domain/posology';
import { type Db, readNow } from '../../db';
import { precompiled } from '../../db/precompiled';
import { inTransaction } from '../../db/transaction';
import type { ProfileRow, User } from '../../db/types';

const profileByUserId = precompiled(
  (db, userId: number) =>
    db
      .selectFrom('profiles')
      .leftJoin('sensors', 'sensors.id', 'profiles.sensor_id')
      .selectAll('profiles')
      .select(['sensors.deveui as sensor_deveui', 'sensors.serial_number as sensor_serial_number'])
      .where('profiles.user_id', '=', userId),
  [-987_654_321] as const,
);

export type ProfileWithSensor = Awaited<ReturnType<typeof profileByUserId>>[number];

/** The profile of a user with its sensor, as one row. */
export async function findProfileByUserId(db: Db, userId: number): Promise<ProfileWithSensor | undefined> {
  return (await profileByUserId(db, userId))[0];
}

export interface ProfileChanges {
  givenname?: string;
  familyname?: string;
  is_dark?: boolean;
  language?: Language;
  timezone?: string;
  day_times?: SegmentTimes;
  tour_seen?: true;
}

/** What places a patient's doses in time: their zone and their day-segment times. */
export async function profileClock(
  db: Db,
  profileId: number,
): Promise<{ timezone: string; segmentTimes: SegmentTimes }> {
  const row = await db
    .selectFrom('profiles')
    .select(['timezone', 'day_times'])
    .where('id', '=', profileId)
    .executeTakeFirstOrThrow();
  return { timezone: row.timezone, segmentTimes: segmentTimesOf(row.day_times) };
}

/** Changes the given fields of a user's profile. */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges, now = Date.now()) {
  const { is_dark, tour_seen, day_times, ...rest } = changes;
  await db
    .updateTable('profiles')
    .set({
      ...rest,
      ...(day_times === undefined ? {} : { day_times: JSON.stringify(day_times) }),
      ...(is_dark === undefined ? {} : { is_dark: is_dark ? 1 : 0 }),
      ...(tour_seen ? { tour_seen: 1 } : {}),
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Stores a user's picture (replacing the old one) and points the user at its URL. */
export async function saveProfileImage(
  db: Db,
  userId: number,
  image: { token: string; contentType: string; bytes: Buffer; url: string },
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    // One statement in place of the earlier picture: deleted and inserted, two uploads at once (a
    // double tap) on PostgreSQL both deleted the old row and the second insert met the first's (409).
    const picture = {
      token: image.token,
      content_type: image.contentType,
      bytes: image.bytes,
      updated_at: now,
    };
    await trx
      .insertInto('profile_images')
      .values({ user_id: userId, ...picture })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(picture))
      .execute();
    await trx
      .updateTable('users')
      .set({ profile_img: image.url, updated_at: now })
      .where('id', '=', userId)
      .execute();
  });
}

export async function deleteProfileImage(db: Db, userId: number, now = Date.now()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('profile_images').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({ profile_img: null, updated_at: now })
      .where('id', '=', userId)
      .execute();
  });
}

export function findProfileImage(db: Db, token: string) {
  return db
    .selectFrom('profile_images')
    .select(['content_type', 'bytes'])
    .where('token', '=', token)
    .executeTakeFirst();
}

// What the other features read and write of a profile (through index.ts): one home for each.

/** A new user's profile (registration, a provider's first sign-in, the demo seed): in the caller's transaction. */
export async function insertProfile(
  db: Db,
  profile: {
    userId: number;
    givenname: string;
    familyname: string;
    language: Language;
    timezone: string;
    role: Role;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({
      user_id: profile.userId,
      profileuid: randomUUID(),
      givenname: profile.givenname,
      familyname: profile.familyname,
      language: profile.language,
      timezone: profile.timezone,
      profiletype: profile.role,
      sensor_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The profile's type follows its user's role. */
export async function setProfileType(db: Db, userId: number, role: Role, now: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ profiletype: role, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export type ProfileRef = Pick<ProfileRow, 'id' | 'user_id' | 'profileuid' | 'sensor_id' | 'timezone'>;

const profileColumns = ['id', 'user_id', 'profileuid', 'sensor_id', 'timezone'] as const;

export function findProfileById(db: Db, id: number): Promise<ProfileRef | undefined> {
  return db.selectFrom('profiles').select(profileColumns).where('id', '=', id).executeTakeFirst();
}

export function findProfileByUser(db: Db, userId: number): Promise<ProfileRef | undefined> {
  return db.selectFrom('profiles').select(profileColumns).where('user_id', '=', userId).executeTakeFirst();
}

/** The profile that holds a sensor now (profiles.sensor_id is unique). */
export function holderOfSensor(db: Db, sensorId: number): Promise<ProfileRef | undefined> {
  return db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('sensor_id', '=', sensorId)
    .executeTakeFirst();
}

/** The profile's current sensor (null clears it) and its linked flag. */
export async function setProfileSensor(db: Db, profileId: number, sensorId: number | null, at: number) {
  await db
    .updateTable('profiles')
    .set({ sensor_id: sensorId, is_linked: sensorId === null ? 0 : 1, updated_at: at })
    .where('id', '=', profileId)
    .execute();
}

export async function profileLanguage(db: Db, userId: number): Promise<Language> {
  const row = await db
    .selectFrom('profiles')
    .select('language')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.language ?? DEFAULT_LANGUAGE;
}

/** The patient profile behind a profileuid, a user id or a profile id, with what a session shows of it. */
export type PatientKey = { profileuid: string } | { userId: number } | { profileId: number };

export type PatientRow = Pick<
  ProfileRow,
  'id' | 'user_id' | 'profileuid' | 'givenname' | 'familyname' | 'profiletype' | 'timezone' | 'day_times'
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
      'profiles.day_times',
      'users.email',
      'users.confirmed',
    ]);
  if ('profileuid' in by) return q.where('profiles.profileuid', '=', by.profileuid).executeTakeFirst();
  if ('userId' in by) return q.where('profiles.user_id', '=', by.userId).executeTakeFirst();
  return q.where('profiles.id', '=', by.profileId).executeTakeFirst();
}

const cacheKeyOf = (key: PatientKey) =>
  'userId' in key
    ? `user:${key.userId}`
    : 'profileId' in key
      ? `profile:${key.profileId}`
      : `uid:${key.profileuid}`;

/**
 * The patient as the door reads it on every request: from the read cache (db/index.ts `readNow`,
 * decision 0004) while neither the profile nor the account was written; at once when it is kept.
 */
export function patientNow(
  db: Db,
  key: PatientKey,
): PatientRow | undefined | Promise<PatientRow | undefined> {
  return readNow(db, `patient:${cacheKeyOf(key)}`, () => findPatient(db, key));
}

// The profile's access log (Profile › who opened my data): the administrator accesses to it, and
// what an administrator did to the account (blocked it, sent a reset, changed the role).

/** The patient of an access log: the profile and its account. */
interface LogOwner {
  profileId: number;
  userId: number;
}

function accessQuery(db: Db, owner: LogOwner) {
  return db
    .selectFrom('audit_log')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('audit_log.target_type', '=', 'profile'),
          eb('audit_log.target_id', '=', String(owner.profileId)),
          eb.or([
            eb('audit_log.action', 'like', 'impersonation.%'),
            eb('audit_log.action', 'like', 'caregiver.%'),
          ]),
        ]),
        eb.and([
          eb('audit_log.target_type', '=', 'user'),
          eb('audit_log.target_id', '=', String(owner.userId)),
          eb('audit_log.action', 'in', USER_ADMIN_ACTIONS),
        ]),
      ]),
    );
}

/** One page of the administrator accesses to a profile, newest first, with who did it, and the total. */
export async function accessesOf(db: Db, owner: LogOwner, page: { page: number; pageSize: number }) {
  const rows = await accessQuery(db, owner)
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
  const total = await accessQuery(db, owner)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
