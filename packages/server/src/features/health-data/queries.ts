import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';
import type { Sealed } from '../../lib/encryption';

// Read on every GET /api/health-data: compiled once per engine (db/precompiled.ts).
const recordOf = precompiled(
  (db, profileId: number) =>
    db
      .selectFrom('health_records')
      .select(['ciphertext', 'iv', 'tag', 'key_version', 'updated_at'])
      .where('profile_id', '=', profileId),
  [-987_650_001] as const,
);

export async function findHealthRecord(db: Db, profileId: number) {
  return (await recordOf(db, profileId))[0];
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
