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
