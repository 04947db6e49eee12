import type { Language } from '@dosedot/domain';
import type { Db } from '../../db';

/** The profile of a user with its sensor, as one row. */
export function findProfileByUserId(db: Db, userId: number) {
  return db
    .selectFrom('profiles')
    .leftJoin('sensors', 'sensors.id', 'profiles.sensor_id')
    .selectAll('profiles')
    .select(['sensors.deveui as sensor_deveui', 'sensors.serial_number as sensor_serial_number'])
    .where('profiles.user_id', '=', userId)
    .executeTakeFirst();
}

export type ProfileWithSensor = NonNullable<Awaited<ReturnType<typeof findProfileByUserId>>>;

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
