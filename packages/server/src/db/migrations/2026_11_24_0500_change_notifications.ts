import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The tables the read cache keeps rows of (db/pg-read-cache.ts WATCHED_TABLES, as of this migration). */
const TABLES = ['users', 'profiles', 'sensors', 'medicines', 'medicine_schedules'];

/**
 * PostgreSQL only: every statement that writes one of the cached tables, from any server copy or
 * an operator's psql, notifies `dosedot_changes` with the table's name when its transaction
 * commits, so every copy's read cache forgets what it kept of that table (decision 0004). SQLite
 * has one process, which sees its own writes.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function dosedot_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dosedot_changes', tg_table_name);
      return null;
    end
    $$`.execute(db);
  await notifyChanges(db, TABLES);
}

/**
 * The change trigger on each table (PostgreSQL; `dosedot_notify_change` exists): also used by later
 * migrations for the tables they add to the read cache (2026_11_28_0200).
 */
export async function notifyChanges(db: AnyDb, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql`
      create trigger dosedot_changes
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function dosedot_notify_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`drop trigger if exists dosedot_changes on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists dosedot_notify_change()`.execute(db);
}
