import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db';
import type { Sealed } from '../../lib/encryption';

export function findHealthRecord(db: Db, profileId: number) {
  return db
    .selectFrom('health_records')
    .select(['ciphertext', 'iv', 'tag', 'key_version', 'updated_at'])
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

/**
 * Holds the profile's record for the rest of the transaction, so two saves of sections meeting
 * neither loses the other's section (read the record, set one section, write it back). On
 * PostgreSQL the profile's row is locked (the record may not exist yet: its row cannot be); on
 * SQLite the transaction holds the database's write lock from its start (BEGIN IMMEDIATE, db/index.ts).
 */
export async function lockHealthRecord(db: Db, profileId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('profiles').select('id').where('id', '=', profileId).forNoKeyUpdate().execute();
}

export async function saveHealthRecord(
  db: Db,
  profileId: number,
  sealed: Sealed,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('health_records')
    .values({ profile_id: profileId, ...sealed, key_version: 1, updated_at: now })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...sealed, key_version: 1, updated_at: now }))
    .execute();
}
