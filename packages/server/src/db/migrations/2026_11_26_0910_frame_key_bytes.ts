import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The uplink's frame key (a SHA-256 digest, unique) as its 32 bytes instead of 64 hex characters
 * (issue 25 item 2): every uplink inserts a random key into its unique index, and an index of half
 * the size takes fewer pages per insert, fewer log frames at commit and less of the page cache.
 * The stored keys are converted, so a frame stored before still finds its duplicates after.
 * PostgreSQL changes the column's type (bytea) in place; SQLite cannot, so a new column takes the
 * bytes (unhex) and the old one goes.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table uplinks alter column frame_key type bytea using decode(frame_key, 'hex')`.execute(
      db,
    );
    return;
  }
  await db.schema.dropIndex('uplinks_frame_key').execute();
  await db.schema.alterTable('uplinks').addColumn('frame_key_bytes', 'blob').execute();
  await sql`update uplinks set frame_key_bytes = unhex(frame_key) where frame_key is not null`.execute(db);
  await db.schema.alterTable('uplinks').dropColumn('frame_key').execute();
  await db.schema.alterTable('uplinks').renameColumn('frame_key_bytes', 'frame_key').execute();
  await db.schema.createIndex('uplinks_frame_key').on('uplinks').column('frame_key').unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table uplinks alter column frame_key type varchar(64) using encode(frame_key, 'hex')`.execute(
      db,
    );
    return;
  }
  await db.schema.dropIndex('uplinks_frame_key').execute();
  await db.schema.alterTable('uplinks').addColumn('frame_key_hex', 'varchar(64)').execute();
  await sql`update uplinks set frame_key_hex = lower(hex(frame_key)) where frame_key is not null`.execute(db);
  await db.schema.alterTable('uplinks').dropColumn('frame_key').execute();
  await db.schema.alterTable('uplinks').renameColumn('frame_key_hex', 'frame_key').execute();
  await db.schema.createIndex('uplinks_frame_key').on('uplinks').column('frame_key').unique().execute();
}
