import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Reminders and missed-dose alerts (issue 26, decision 0015):
 * - `reminder_settings`: one row per profile that switched a channel on (e-mail; `enabled_at` is
 *   when, so nothing about earlier doses is sent), quiet hours and the alert delays.
 * - `notifications`: the scheduler's record of every notification, written under its unique key
 *   (profile, recipient, key: dose, kind and audience) before it is sent, so a restart or a second
 *   server never sends one twice (the insert that finds the key answers nothing) and a crash never
 *   loses one (a row unsent once its claim has run out is sent by the next tick).
 * - `reminder_snoozes`: remind again at `until`.
 * Instants in epoch ms.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('reminder_settings')
    .addColumn('profile_id', 'integer', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiet_from', 'varchar(5)')
    .addColumn('quiet_to', 'varchar(5)')
    .addColumn('missed_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('caregiver_delay_minutes', 'integer', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', id)
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('medicine_ids', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(300)')
    .execute();
  await db.schema
    .createIndex('notifications_once')
    .on('notifications')
    .columns(['profile_id', 'recipient_id', 'key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_profile_time')
    .on('notifications')
    .columns(['profile_id', 'scheduled_at'])
    .execute();
  await db.schema
    .createTable('reminder_snoozes')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_snoozes_profile')
    .on('reminder_snoozes')
    .columns(['profile_id', 'scheduled_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reminder_snoozes').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
