import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/** Fixed-window counters shared by every server copy on PostgreSQL (rate limits, failed logins). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
