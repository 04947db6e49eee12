import type { Language } from '@dosedot/domain';
import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';

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
