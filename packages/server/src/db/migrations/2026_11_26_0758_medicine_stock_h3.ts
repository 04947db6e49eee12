import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * Refills (issue 26 item 6): a medicine may carry its stock (`stock`, units such as tablets, as
 * counted when it was set), the instant it was set (`stock_at`, epoch ms) and the amount one intake
 * takes (`per_intake`); what is left is computed from the intakes since `stock_at`, never written.
 * `reminder_settings.refill_days`: a refill reminder goes out when fewer days than this remain.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('medicines').addColumn('stock', 'real').execute();
  await db.schema.alterTable('medicines').addColumn('stock_at', 'bigint').execute();
  await db.schema.alterTable('medicines').addColumn('per_intake', 'real').execute();
  await db.schema
    .alterTable('reminder_settings')
    .addColumn('refill_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('reminder_settings').dropColumn('refill_days').execute();
  for (const column of ['per_intake', 'stock_at', 'stock'])
    await db.schema.alterTable('medicines').dropColumn(column).execute();
}
