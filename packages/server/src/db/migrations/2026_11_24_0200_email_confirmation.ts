import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * E-mail confirmation (Strapi's email_confirmation flow): single-use links, kept as SHA-256, that
 * expire. Registration now writes users.confirmed = 0 itself; the column's default stays 1 (SQLite
 * cannot change a default in place, and the app never relies on it).
 *
 * Every account that exists before this migration counts as confirmed (decision 0002): they signed up
 * when no confirmation existed, and taking My Health Data or the administrator role away from them
 * would lock real owners out. An operator who doubts one of them sets its confirmed to 0; its owner
 * then confirms with a new link.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_confirmations_user')
    .on('email_confirmations')
    .column('user_id')
    .execute();
  await sql`update users set confirmed = 1 where confirmed <> 1`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_confirmations').execute();
}
