import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * The storage alarm (docs/decisions/0006-storage-alarm.md): a medicine's storage range, each limit
 * optional — lowest and highest temperature in °C, highest relative humidity in %RH.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of ['storage_temp_min', 'storage_temp_max', 'storage_humidity_max'])
    await db.schema.alterTable('medicines').addColumn(column, 'real').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['storage_humidity_max', 'storage_temp_max', 'storage_temp_min'])
    await db.schema.alterTable('medicines').dropColumn(column).execute();
}
