import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * The guided tour opened by itself once for this user (issue 23 item 5): kept on the profile, so a
 * second device does not open it again (docs/decisions/0010).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('tour_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('tour_seen').execute();
}
