import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Intakes entered by hand (issue 23 item 2): 'I took one' of an as-needed medicine, or a scheduled
 * dose confirmed without a box press (`scheduled_at`, the dose's instant). Instants in epoch ms.
 * `entered_by` is the user who entered it: the patient, or an administrator acting through an
 * impersonation session (kept as null when that account is gone).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('manual_intakes')
    .addColumn('id', 'integer', id)
    .addColumn('medicine_id', 'integer', (c) => c.notNull().references('medicines.id').onDelete('cascade'))
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'real')
    .addColumn('scheduled_at', 'bigint')
    .addColumn('entered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('manual_intakes_medicine_time')
    .on('manual_intakes')
    .columns(['medicine_id', 'taken_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('manual_intakes').execute();
}
