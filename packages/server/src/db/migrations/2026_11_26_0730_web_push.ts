import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Web Push (issue 26 item 2, decision 0015):
 * - `reminder_settings.push`: the user's opt-in to reminders and alerts by push (1), beside e-mail;
 * - `push_subscriptions`: the browsers a user subscribed (the push service's endpoint and the
 *   browser's keys, RFC 8291), each endpoint once; removed when its push service answers 404 or 410.
 * Instants in epoch ms.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .alterTable('reminder_settings')
    .addColumn('push', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(2000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.alterTable('reminder_settings').dropColumn('push').execute();
}
