import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * OpenID Connect sign-in (decision 0007): the identities that link a user to a provider's
 * (issuer, subject), and the single-use codes that hand a finished sign-in to the web app.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('oidc_identities_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_identities_user').on('oidc_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_sign_in_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('oidc_sign_in_codes').execute();
  await db.schema.dropTable('oidc_identities').execute();
}
