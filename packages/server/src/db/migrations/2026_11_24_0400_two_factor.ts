import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Two-factor sign-in (TOTP, RFC 6238; docs/decisions/0008-two-factor.md): the user's secret,
 * encrypted like health data; recovery codes, hashed and single-use; the short-lived challenges
 * between the password (or provider) step and the code. `users.two_factor` mirrors whether a
 * confirmed secret exists, so the request that loads the user knows it without another query.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .alterTable('users')
    .addColumn('two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM (HEALTH_DATA_KEY): base64 of the ciphertext of the base32 secret, its IV and tag.
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('iv', 'varchar(32)', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    // The last time step a code was accepted for: a code is never taken twice.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_user')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // How the first step was passed: 'password', or 'oidc:<provider>'.
    .addColumn('method', 'varchar(80)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_expires').on('mfa_challenges').column('expires_at').execute();

  // The admin's list of sign-ins reads the audit log by action, newest first.
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('audit_log_action_at').execute();
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor_secrets').execute();
  await db.schema.alterTable('users').dropColumn('two_factor').execute();
}
