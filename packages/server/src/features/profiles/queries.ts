import type { Language } from '@dosedot/domain';
import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';
import { inTransaction } from '../../db/transaction';

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
}

/** Changes the given fields of a user's profile. */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges, now = Date.now()) {
  const { is_dark, ...rest } = changes;
  await db
    .updateTable('profiles')
    .set({ ...rest, ...(is_dark === undefined ? {} : { is_dark: is_dark ? 1 : 0 }), updated_at: now })
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
    await trx.deleteFrom('profile_images').where('user_id', '=', userId).execute();
    await trx
      .insertInto('profile_images')
      .values({
        user_id: userId,
        token: image.token,
        content_type: image.contentType,
        bytes: image.bytes,
        updated_at: now,
      })
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

/** The names of the profile's medicines among these ids (the access log names what was opened). */
export function medicineNames(db: Db, profileId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('medicines')
    .select(['id', 'name'])
    .where('profile_id', '=', profileId)
    .where('id', 'in', ids)
    .execute();
}
