import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Caregivers (issue 26 item 5): a patient invites someone by e-mail (a single-use link, kept as its
 * SHA-256, valid 7 days); whoever opens it signed in becomes the patient's caregiver, reading through
 * the door until the patient revokes them. Instants in epoch ms.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('caregivers')
    .addColumn('id', 'integer', id)
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('caregivers_profile').on('caregivers').column('profile_id').execute();
  await db.schema
    .createIndex('caregivers_user')
    .on('caregivers')
    .columns(['user_id', 'profile_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('caregivers').execute();
}
