import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { notifyChanges } from './2026_11_24_0500_change_notifications';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The tables the read cache keeps rows of from now on (db/pg-read-cache.ts WATCHED_TABLES). */
const TABLES = ['impersonation_sessions', 'caregivers', 'two_factor_secrets', 'recovery_codes'];

/**
 * PostgreSQL only: the administrators' open impersonation sessions and the caregivers' grants (the
 * door asks on every request an administrator or a caregiver makes for a patient) and the two-factor
 * status (the settings page) are read through the read cache. Every statement that writes their
 * tables notifies `dosedot_changes` when its transaction commits, as migration 2026_11_24_0500 made
 * for the first cached tables, so every server copy forgets what it kept (decision 0004). SQLite has
 * one process, which sees its own writes.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await notifyChanges(db, TABLES);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`drop trigger if exists dosedot_changes on ${sql.table(table)}`.execute(db);
}
