import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * Two columns of an uplink (docs/lorawan.md, "Identity and duplicates" and "Time"):
 * - `claimed_received_at`: the network server's reception time when it lay more than a few minutes
 *   ahead of our clock; `received_at` then holds our own receive time. Null when `received_at` is the
 *   network server's (every uplink stored before this migration).
 * - `frame_key`: a digest of DevEUI, session, frame counter and payload, unique, so the same frame
 *   re-sent with a new correlation id or deduplicationId is stored once. Null for older rows (their
 *   `identity` still catches a re-delivery).
 * A unique index rather than a constraint: SQLite cannot add one with ALTER TABLE.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('uplinks').addColumn('claimed_received_at', 'bigint').execute();
  await db.schema.alterTable('uplinks').addColumn('frame_key', 'varchar(64)').execute();
  await db.schema.createIndex('uplinks_frame_key').on('uplinks').column('frame_key').unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('uplinks_frame_key').execute();
  await db.schema.alterTable('uplinks').dropColumn('frame_key').execute();
  await db.schema.alterTable('uplinks').dropColumn('claimed_received_at').execute();
}
