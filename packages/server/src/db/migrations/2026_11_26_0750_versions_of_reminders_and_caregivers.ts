import type { Kysely } from 'kysely';
import { createVersionTriggers, dropVersionTriggers, own } from './2026_11_26_0100_data_versions';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/**
 * The reminder settings, the notifications sent and the caregivers of a patient join the data
 * versions (migration 2026_11_26_0100): their reads are kept answers too (issue 25 item 1: every
 * read endpoint a later issue adds), and a write to them bumps the patient's version in its own
 * transaction, so no server copy serves an answer older than the last write.
 */
export const VERSIONED_TABLES = ['reminder_settings', 'notifications', 'caregivers'];

export async function up(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) await createVersionTriggers(db, table, own('profile_id'));
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) await dropVersionTriggers(db, table);
}
