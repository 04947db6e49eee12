import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { foldForSearch } from '@dosedot/domain';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import * as initialSchema from './migrations/2026_11_22_0001_initial_schema';
import * as impersonationAndImages from './migrations/2026_11_23_0100_impersonation_and_images';
import * as rateLimits from './migrations/2026_11_23_0200_rate_limits';
import * as medicineStorageRange from './migrations/2026_11_24_0100_medicine_storage_range';
import * as emailConfirmation from './migrations/2026_11_24_0200_email_confirmation';
import * as oidcIdentities from './migrations/2026_11_24_0300_oidc_identities';
import * as twoFactor from './migrations/2026_11_24_0400_two_factor';
import * as changeNotifications from './migrations/2026_11_24_0500_change_notifications';
import * as uplinkTimeFlagAndFrameKey from './migrations/2026_11_25_0100_uplink_time_flag_and_frame_key';
import * as sessions from './migrations/2026_11_25_0200_sessions';
import * as manualIntakes from './migrations/2026_11_25_0310_manual_intakes';
import * as profileTourSeen from './migrations/2026_11_25_0400_profile_tour_seen';
import * as searchFold from './migrations/2026_11_25_0500_search_fold';
import * as scalePlan from './migrations/2026_11_25_0710_scale_plan';
import * as dataVersions from './migrations/2026_11_26_0100_data_versions';
import * as reminders from './migrations/2026_11_26_0300_reminders';
import * as caregivers from './migrations/2026_11_26_0400_caregivers';
import * as medicinePosology from './migrations/2026_11_26_0720_medicine_posology';
import * as webPush from './migrations/2026_11_26_0730_web_push';
import * as doseActions from './migrations/2026_11_26_0735_dose_action_tokens';
import * as laterVersions from './migrations/2026_11_26_0750_versions_of_reminders_and_caregivers';
import * as medicineStock from './migrations/2026_11_26_0758_medicine_stock_h3';
import * as profileDayTimes from './migrations/2026_11_26_0800_profile_day_times';
import * as frameKeyBytes from './migrations/2026_11_26_0910_frame_key_bytes';
import * as auditLinesFleetOnly from './migrations/2026_11_28_0100_audit_lines_fleet_only';
import * as watchSessionsGrantsAndSecondFactor from './migrations/2026_11_28_0200_watch_sessions_grants_and_second_factor';
import { createPgReadCache, type PgReadCache } from './pg-read-cache';
import { createReadCache, type ReadCache, sqliteSource } from './read-cache';
import type { Database } from './types';

export { constant, derivedFrom } from './read-cache';

export type Db = Kysely<Database>;
export type { Database } from './types';

// bigint columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, Number.parseFloat);
pg.types.setTypeParser(pg.types.builtins.FLOAT8, Number.parseFloat);

/**
 * A connection pool that survives the server going away: an idle connection that PostgreSQL ends
 * (a restart, a failover, an administrator) is logged and replaced, never an uncaught exception.
 */
function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (err) => {
    console.error(`DoseDot: an idle PostgreSQL connection ended (${err.message}); it will be replaced`);
  });
  return pool;
}

/** The tables whose writes bump data_versions through their triggers (migrations 0100 and 0750). */
const VERSIONED_TABLES = [...dataVersions.VERSIONED_TABLES, ...laterVersions.VERSIONED_TABLES];

/** Opens the database: an embedded SQLite file (WAL, foreign keys, busy timeout) or PostgreSQL. */
export function createDb(config: DatabaseConfig): Db {
  if (config.kind === 'postgres') {
    const cached = createPgReadCache(postgresPool(config.url), config.url);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: cached.pool }) });
    readCaches.set(db, cached.cache);
    pgReadCaches.set(db, cached);
    return db;
  }
  if (config.file !== ':memory:') createPrivateFile(config.file);
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Accent-insensitive search (PostgreSQL has the same function from a migration).
  sqlite.function('dosedot_fold', { deterministic: true }, (text: unknown) =>
    text === null ? null : foldForSearch(String(text)),
  );
  // A write to a versioned table bumps data_versions through its triggers (migration 2026_11_26_0100).
  const readCache = createReadCache(sqliteSource(sqlite), {
    triggers: Object.fromEntries(VERSIONED_TABLES.map((t) => [t, ['data_versions']])),
  });
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({
      database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, readCache),
    }),
  });
  readCaches.set(db, readCache);
  return db;
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE), not at their
 * first write. A transaction begun DEFERRED that reads and then writes (the health record's
 * read-modify-write, an assignment's checks) fails at once with SQLITE_BUSY when another connection
 * to the file committed in between, and no busy timeout helps: the server answered 500 to a share of
 * such writes while another process wrote the file (the e2e suite's helpers; `npm run backup` only
 * reads). Begun IMMEDIATE, it waits its turn (busy_timeout) and sees the other's commit.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.settings);
  }
}

/**
 * The database file holds health data: the folders we create for it are 0700 and the file 0600
 * (SQLite gives its -wal and -shm files the database file's mode). A folder or file that exists
 * already (one the operator chose and set up) is left as it is.
 */
export function createPrivateFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

const readCaches = new WeakMap<Db, ReadCache>();
const pgReadCaches = new WeakMap<Db, PgReadCache>();

/**
 * Once the schema is migrated: on PostgreSQL the read cache reads the table list and starts
 * listening for other copies' writes (db/pg-read-cache.ts); until then every read goes to the
 * database. Nothing to do on SQLite.
 */
export async function startReadCache(db: Db): Promise<void> {
  await pgReadCaches.get(db)?.start();
}

/**
 * A read of the hot path (the user behind a token, a profile with its medicines) served from
 * memory while none of the tables it read has been written (db/read-cache.ts, and on PostgreSQL
 * db/pg-read-cache.ts). A fresh kept value is answered at once, not in a promise, so a cached read
 * makes no trip through the microtask queue. Inside a transaction it is simply `load()`. Whatever
 * `load` returns is shared and frozen.
 */
export function readNow<T>(db: Db, key: string, load: () => Promise<T>): T | Promise<T> {
  const cache = readCaches.get(db);
  if (!cache) return load();
  const hit = cache.peek(key);
  return hit ? (hit.value as T) : cache.read(key, load);
}

/**
 * Whether every read of `db` can be answered from memory while nothing it read was written: SQLite,
 * where one process sees every write (PostgreSQL's read cache keeps only the watched tables).
 */
export const keptInMemory = (db: Db): boolean => readCaches.has(db) && !pgReadCaches.has(db);

/** Statements kept prepared per SQL text; the app has a few dozen distinct queries. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query again; this keeps each SQL text's prepared statement and reuses
 * it (SQLite re-prepares by itself after a schema change). Bounded: the oldest goes first. The
 * single connection runs one statement at a time, so a cached statement is never busy twice.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
  readCache?: ReadCache,
) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        readCache?.noteStatement(sql, stmt.reader);
        return stmt;
      }
      stmt = sqlite.prepare(sql);
      readCache?.noteStatement(sql, stmt.reader);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

/** Migrations in order; names carry an ISO date so they sort. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
  '2026_11_23_0100_impersonation_and_images': impersonationAndImages,
  '2026_11_23_0200_rate_limits': rateLimits,
  '2026_11_24_0100_medicine_storage_range': medicineStorageRange,
  '2026_11_24_0200_email_confirmation': emailConfirmation,
  '2026_11_24_0300_oidc_identities': oidcIdentities,
  '2026_11_24_0400_two_factor': twoFactor,
  '2026_11_24_0500_change_notifications': changeNotifications,
  '2026_11_25_0100_uplink_time_flag_and_frame_key': uplinkTimeFlagAndFrameKey,
  '2026_11_25_0200_sessions': sessions,
  '2026_11_25_0310_manual_intakes': manualIntakes,
  '2026_11_25_0400_profile_tour_seen': profileTourSeen,
  '2026_11_25_0500_search_fold': searchFold,
  '2026_11_25_0710_scale_plan': scalePlan,
  '2026_11_26_0100_data_versions': dataVersions,
  '2026_11_26_0300_reminders': reminders,
  '2026_11_26_0400_caregivers': caregivers,
  '2026_11_26_0720_medicine_posology': medicinePosology,
  '2026_11_26_0730_web_push': webPush,
  '2026_11_26_0735_dose_action_tokens': doseActions,
  '2026_11_26_0750_versions_of_reminders_and_caregivers': laterVersions,
  '2026_11_26_0758_medicine_stock_h3': medicineStock,
  '2026_11_26_0800_profile_day_times': profileDayTimes,
  '2026_11_26_0910_frame_key_bytes': frameKeyBytes,
  '2026_11_28_0100_audit_lines_fleet_only': auditLinesFleetOnly,
  '2026_11_28_0200_watch_sessions_grants_and_second_factor': watchSessionsGrantsAndSecondFactor,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; the same code path on both engines. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // A migration named before one that already ran still runs (it came from a branch merged later).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
