import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * The patient's own times of the day segments (issue 27 item 1): JSON of
 * `{ morning, noon, evening, night }` ('HH:MM', checked by the domain's `segmentTimesSchema` before
 * it is written), null for eMediplan's printed 08:00, 12:00, 18:00 and 22:00. The data-version
 * triggers on profiles cover the column as it is: a change re-computes the patient's answers.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('day_times', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('day_times').execute();
}
