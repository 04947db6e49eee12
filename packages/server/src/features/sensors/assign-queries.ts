import type { Role } from '@dosedot/domain';
import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db';

/*
 * What an assignment checks before a box changes hands (issue 24 items 4, 7 and 11): who the
 * would-be holder is, and when the box's previous holding ended.
 */

export interface HolderCandidate {
  id: number;
  user_id: number;
  profileuid: string;
  sensor_id: number | null;
  timezone: string;
  is_active: 0 | 1;
  role: Role;
  blocked: 0 | 1;
}

/** The profile with its account's role and blocked flag (only an active patient may hold a box). */
export function findHolderCandidate(db: Db, profileId: number): Promise<HolderCandidate | undefined> {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select([
      'profiles.id',
      'profiles.user_id',
      'profiles.profileuid',
      'profiles.sensor_id',
      'profiles.timezone',
      'profiles.is_active',
      'users.role',
      'users.blocked',
    ])
    .where('profiles.id', '=', profileId)
    .executeTakeFirst();
}

/**
 * When the box's previous holder gave it back: the latest end of its closed holdings, or the start
 * of a holding left open without a holder (it ends when the new one starts); null if never held.
 */
export async function previousReturnOfSensor(db: Db, sensorId: number): Promise<number | null> {
  const row = await db
    .selectFrom('sensor_assignments')
    .select((eb) => [
      eb.fn.max('assigned_to').as('closed'),
      eb.fn
        .max(eb.case().when('assigned_to', 'is', null).then(eb.ref('assigned_from')).else(null).end())
        .as('open'),
    ])
    .where('sensor_id', '=', sensorId)
    .executeTakeFirst();
  const ends = [row?.closed, row?.open].filter((v) => v !== null && v !== undefined).map(Number);
  return ends.length === 0 ? null : Math.max(...ends);
}

/** When the patient gave back their latest box (the end of their last closed holding), or null. */
export async function previousReturnOfProfile(db: Db, profileId: number): Promise<number | null> {
  const row = await db
    .selectFrom('sensor_assignments')
    .select((eb) => eb.fn.max('assigned_to').as('closed'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.closed == null ? null : Number(row.closed);
}

/**
 * Holds a box for the rest of the transaction, so assignments and unassignments of it that meet are
 * checked and written one after the other: the same box assigned twice at once (a double click)
 * opens one holding, and two patients given it at once do not both find it free. The (would-be)
 * holder's profile is held after it (holdRow), always in this order, so two of them never wait on
 * each other in a circle. On PostgreSQL the box's row is locked FOR NO KEY UPDATE (by DevEUI or id;
 * an unknown box locks nothing), which leaves the box's uplinks and presses, rows that refer to it,
 * free to be written meanwhile; on SQLite the transaction holds the database's write lock from its
 * start (BEGIN IMMEDIATE, db/index.ts).
 */
export async function lockBox(db: Db, box: { deveui: string } | { id: number }): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const query = db.selectFrom('sensors').select('id');
  await ('deveui' in box ? query.where('deveui', '=', box.deveui) : query.where('id', '=', box.id))
    .forNoKeyUpdate()
    .execute();
}
