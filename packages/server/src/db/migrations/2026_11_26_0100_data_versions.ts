import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The data version of each patient, and of the whole fleet (profile_id 0), in the database (issue 25
 * item 1): a kept answer is served only under the version it was computed at (plugins/answers.ts),
 * so several servers never serve a stale one. Every write to a table that a patient's answers read
 * bumps the version of each patient the changed rows belong to, and the fleet's, in the writing
 * statement's own transaction: triggers, so no write path (a route, ingestion, the seed, an
 * operator's SQL) can forget it.
 *
 * A row is created by the first bump (an absent row reads as version 0). The fleet row is bumped
 * first in every statement, so two transactions never wait for each other's rows in opposite order.
 */

/**
 * The patients each table's rows belong to, as a SELECT of one column over the changed row `r`:
 * SQLite's row triggers read the row as NEW/OLD (`src` empty), PostgreSQL's statement triggers read
 * every changed row from the transition table `src` (one statement, one bump per patient, however
 * many rows it wrote).
 */
export type Owners = (r: string, src: string) => string;
/** The row's own column. */
export const own =
  (column: string): Owners =>
  (r, src) =>
    `select ${r}.${column}${src ? ` from ${src} r` : ''}`;
/** Through another table: `select <pick> from <table> <alias> where/join <alias>.<key> = r.<column>`. */
const via =
  (table: string, pick: string, key: string, column: string): Owners =>
  (r, src) =>
    `select x.${pick} from ${table} x ${src ? `join ${src} r on` : 'where'} x.${key} = ${r}.${column}`;
/** A number kept as text where the row's type is `type` (the audit log's target). */
const targetId = (r: string, type: string) =>
  `cast(case when ${r}.target_type = '${type}' then ${r}.target_id end as integer)`;

/** The patients of an audit line as this migration made them: the profile it names, or the account's. */
export const AUDIT_LOG_OWNERS: Owners = (r, src) =>
  `select ${targetId(r, 'profile')}${src ? ` from ${src} r` : ''} union ` +
  `select x.id from profiles x ${src ? `join ${src} r on` : 'where'} x.user_id = ${targetId(r, 'user')}`;

const OWNERS: Record<string, Owners> = {
  profiles: own('id'),
  users: via('profiles', 'id', 'user_id', 'id'),
  medicines: own('profile_id'),
  medicine_schedules: via('medicines', 'profile_id', 'id', 'medicine_id'),
  medicine_intakes: via('medicines', 'profile_id', 'id', 'medicine_id'),
  manual_intakes: via('medicines', 'profile_id', 'id', 'medicine_id'),
  sensor_assignments: own('profile_id'),
  // A box's rows belong to every patient who ever held it (their charts show its stretches).
  sensors: via('sensor_assignments', 'profile_id', 'sensor_id', 'id'),
  sensor_readings: via('sensor_assignments', 'profile_id', 'sensor_id', 'sensor_id'),
  button_presses: via('sensor_assignments', 'profile_id', 'sensor_id', 'sensor_id'),
  health_records: own('profile_id'),
  profile_images: via('profiles', 'id', 'user_id', 'user_id'),
  impersonation_sessions: own('profile_id'),
  // The access log: accesses to a profile, and what an administrator did to its account. (Since
  // migration 2026_11_28_0100 a line bumps the fleet's version alone.)
  audit_log: AUDIT_LOG_OWNERS,
};

/** The statement that bumps the fleet and every owner of the rows (`owners` selects them). */
const bump = (owners: string) => `
  insert into data_versions (profile_id, version)
  select profile_id, 1 from (select 0 as profile_id union select * from (${owners}) o) ids
  where profile_id is not null
  order by profile_id
  on conflict (profile_id) do update set version = data_versions.version + 1`;

export const VERSIONED_TABLES = Object.keys(OWNERS);

/**
 * The three triggers (insert, update, delete) that bump the versions of a table's owners. Also used by
 * later migrations for their own tables (2026_11_26_0750).
 */
export async function createVersionTriggers(db: AnyDb, table: string, owners: Owners): Promise<void> {
  for (const op of ['insert', 'update', 'delete'] as const) {
    const name = `dosedot_version_${op}_${table}`;
    if (isPostgres(db)) {
      const rows = op === 'delete' ? 'old' : 'new';
      // An update may move a row to another patient: both are bumped.
      const owned =
        op === 'update'
          ? `${owners('r', 'changed')} union ${owners('r', 'changed_old')}`
          : owners('r', 'changed');
      await sql
        .raw(`create or replace function ${name}() returns trigger language plpgsql as $$
          begin ${bump(owned)}; return null; end $$`)
        .execute(db);
      const transition =
        op === 'update'
          ? 'referencing old table as changed_old new table as changed'
          : `referencing ${rows} table as changed`;
      await sql
        .raw(
          `create trigger ${name} after ${op} on ${table} ${transition} for each statement execute function ${name}()`,
        )
        .execute(db);
    } else {
      const owned =
        op === 'update'
          ? `${owners('new', '')} union ${owners('old', '')}`
          : owners(op === 'delete' ? 'old' : 'new', '');
      await sql
        .raw(`create trigger ${name} after ${op} on ${table} for each row begin ${bump(owned)}; end`)
        .execute(db);
    }
  }
}

/** Drops what createVersionTriggers made. */
export async function dropVersionTriggers(db: AnyDb, table: string): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    const name = `dosedot_version_${op}_${table}`;
    await sql.raw(`drop trigger if exists ${name}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
    if (isPostgres(db)) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('profile_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  for (const [table, owners] of Object.entries(OWNERS)) await createVersionTriggers(db, table, owners);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) await dropVersionTriggers(db, table);
  await db.schema.dropTable('data_versions').execute();
}
