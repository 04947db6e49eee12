import type { Db } from '../../db';
import type { Sealed } from '../../lib/encryption';

export function findHealthRecord(db: Db, profileId: number) {
  return db
    .selectFrom('health_records')
    .select(['ciphertext', 'iv', 'tag', 'key_version', 'updated_at'])
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
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
