import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { AppConfig } from './config';

/** The generated secrets a backup must keep with the database (health data is unreadable without its key). */
const SECRETS = ['jwt-secret', 'health-data-key', 'vapid-keys'] as const;

/** '2026-11-25T20-55-03Z': sorts by time and is a valid file name everywhere. */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

export interface Backup {
  /** The folder of this backup: DATA_DIR/backups/<time>. */
  dir: string;
  /** The database copy in it: dosedot.sqlite, or PostgreSQL's dump (pg_dump's custom format). */
  database: string;
  /** The generated secrets copied beside it (none when they come from the environment). */
  secrets: string[];
}

/**
 * An online backup into DATA_DIR/backups/<time>/, the server may go on running meanwhile: SQLite
 * through its backup API (better-sqlite3's `backup()`, a consistent copy page by page while
 * others read and write), PostgreSQL through `pg_dump --format=custom` (one consistent snapshot;
 * restore with `pg_restore`). The generated secrets of DATA_DIR are copied beside the database.
 * Folders 0700, files 0600, like the data folder itself.
 */
export async function backupDatabase(config: AppConfig, at = new Date()): Promise<Backup> {
  const dir = path.join(config.dataDir, 'backups', stamp(at));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let database: string;
  if (config.database.kind === 'sqlite') {
    if (config.database.file === ':memory:') throw new Error('An in-memory database has nothing to back up');
    if (!existsSync(config.database.file)) throw new Error(`No database at ${config.database.file}`);
    database = path.join(dir, 'dosedot.sqlite');
    const source = new SqliteDatabase(config.database.file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(database);
    } finally {
      source.close();
    }
  } else {
    database = path.join(dir, 'dosedot.dump');
    await promisify(execFile)('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${database}`,
      config.database.url,
    ]);
  }
  const secrets: string[] = [];
  for (const name of SECRETS) {
    const file = path.join(config.dataDir, name);
    if (!existsSync(file)) continue;
    copyFileSync(file, path.join(dir, name));
    secrets.push(name);
  }
  for (const file of [database, ...secrets.map((name) => path.join(dir, name))]) chmodSync(file, 0o600);
  return { dir, database, secrets };
}
