import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import * as initialSchema from './migrations/2026_11_22_0001_initial_schema';
import type { Database } from './types';

export type Db = Kysely<Database>;
export type { Database } from './types';

// bigint columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, Number.parseFloat);
pg.types.setTypeParser(pg.types.builtins.FLOAT8, Number.parseFloat);

/** Opens the database: an embedded SQLite file (WAL, foreign keys, busy timeout) or PostgreSQL. */
export function createDb(config: DatabaseConfig): Db {
  if (config.kind === 'postgres') {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) }),
    });
  }
  if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Migrations in order; names carry an ISO date so they sort. */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; the same code path on both engines. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
