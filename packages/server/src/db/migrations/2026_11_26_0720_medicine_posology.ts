import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * A medicine's posology and where it came from (issue 27, decision 0014): `posology` is the JSON of
 * the domain's posology (checked by `posologySchema` before it is written; null for a medicine of
 * daily dosage times, which keep their rows in medicine_schedules), the identifier an eMediplan
 * import named it by (`identifier_type` gtin, pharmacode or productNumber, and its value) and the
 * import's note (the plan's reason and instructions, or why a posology was imported as text). The
 * data-version triggers on medicines cover the new columns as they are.
 */
const COLUMNS = ['posology', 'identifier_type', 'identifier_value', 'note'];

export async function up(db: AnyDb): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('medicines').addColumn(column, 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [...COLUMNS].reverse())
    await db.schema.alterTable('medicines').dropColumn(column).execute();
}
