import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Sessions that end (issue 21, decision 0002): every token names its session (`sid`).
 *
 * - `ended_sessions`: the sessions ended one by one (a logout) until their tokens would have
 *   expired anyway. Read on every signed-in request through the read cache, so on PostgreSQL its
 *   writes notify every server copy like the other cached tables (migration 2026_11_24_0500).
 * - `users.kept_session`: the one session that survived the last "end every other session" (a
 *   password change, two-step sign-in turned on or off): its tokens stay valid although the
 *   user's token version moved on. Anything that ends every session clears it.
 * - `two_factor_notices`: the single-use "this was not me" links of the notice mailed when
 *   two-step sign-in is turned on or off, kept as SHA-256 only.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema.alterTable('users').addColumn('kept_session', 'varchar(64)').execute();

  await db.schema
    .createTable('ended_sessions')
    .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // When the session's last token expires: the row is useless after that and goes.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ended_sessions_expires').on('ended_sessions').column('expires_at').execute();

  await db.schema
    .createTable('two_factor_notices')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // What the notice told: 'enabled' or 'disabled'.
    .addColumn('change', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_notices_user').on('two_factor_notices').column('user_id').execute();

  // PostgreSQL: ended_sessions is read through the read cache; its writes must reach every copy.
  if (pg)
    await sql`
      create trigger dosedot_changes
      after insert or update or delete or truncate on ended_sessions
      for each statement execute function dosedot_notify_change()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('two_factor_notices').execute();
  await db.schema.dropTable('ended_sessions').execute();
  await db.schema.alterTable('users').dropColumn('kept_session').execute();
}
