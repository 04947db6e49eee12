import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/*
 * The scale plan's index (docs/operations.md, 'Scale on paper'): the uplinks by the time they were
 * stored, for the jobs that age them by time (dropping old envelopes, moving a month into its own
 * partition or to cold storage) without reading the whole table, the largest by far. Uplinks are
 * written in time order, so on PostgreSQL a BRIN index (a few pages per billion rows) serves;
 * SQLite has only B-trees.
 */
export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`create index uplinks_created_at on uplinks using brin (created_at)`.execute(db);
  else await db.schema.createIndex('uplinks_created_at').on('uplinks').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('uplinks_created_at').ifExists().execute();
}
