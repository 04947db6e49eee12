import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/backup';
import { count, registerUser, useTestApp } from './context';

const backupMain = path.resolve(import.meta.dirname, '../src/backup-main.ts');
const mode = (file: string) => statSync(file).mode & 0o777;

describe('npm run backup on SQLite', () => {
  const t = useTestApp('sqlite');

  it('copies the open database online (its WAL included) with the generated key, private, and the copy holds the data', async () => {
    const people = [await registerUser(t.app, { username: 'Berta Backup' }), await registerUser(t.app)];
    const users = await count(t.db, 'users');
    const backup = await backupDatabase(t.config, new Date('2026-11-25T20:55:03.123Z'));
    expect(backup.dir).toBe(path.join(t.config.dataDir, 'backups', '2026-11-25T20-55-03Z'));
    expect(backup.secrets).toEqual(['health-data-key', 'vapid-keys']);
    expect(mode(backup.dir)).toBe(0o700);
    expect(mode(backup.database)).toBe(0o600);
    expect(mode(path.join(backup.dir, 'health-data-key'))).toBe(0o600);
    // The server goes on writing: the copy keeps the moment it was taken.
    await registerUser(t.app);

    const copy = new SqliteDatabase(backup.database, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(users);
      const emails = (copy.prepare('select email from users').all() as { email: string }[]).map(
        (r) => r.email,
      );
      for (const p of people) expect(emails).toContain(p.user.email.toLowerCase());
    } finally {
      copy.close();
    }
  });

  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', backupMain], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });

  it('as a command: prints where it wrote the backup, exits 0', async () => {
    if (t.config.database.kind !== 'sqlite') throw new Error('sqlite expected');
    const { stdout } = await run({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: `sqlite:${t.config.database.file}`,
    });
    const dir = /backup written to (\S+) \(dosedot\.sqlite, jwt-secret, health-data-key, vapid-keys\)/.exec(
      stdout,
    )?.[1];
    expect(dir).toBeDefined();
    const copy = new SqliteDatabase(path.join(dir ?? '', 'dosedot.sqlite'), { readonly: true });
    try {
      expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBe(
        await count(t.db, 'users'),
      );
    } finally {
      copy.close();
    }
  });

  it('as a command: no database there is one line saying so, exit 1, and no database file made', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'dosedot-nobackup-'));
    try {
      const failed = await run({ DATA_DIR: empty }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr.trim()).toBe(
        `DoseDot backup failed: No database at ${path.join(empty, 'dosedot.sqlite')}`,
      );
      expect(() => statSync(path.join(empty, 'dosedot.sqlite'))).toThrow();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run backup on PostgreSQL', () => {
  const t = useTestApp('postgres');

  it('writes a pg_dump that pg_restore loads into an empty database, holding the data', async () => {
    const person = await registerUser(t.app, { username: 'Paula Postgres' });
    const users = await count(t.db, 'users');
    const backup = await backupDatabase(t.config);
    expect(path.basename(backup.database)).toBe('dosedot.dump');
    expect(mode(backup.database)).toBe(0o600);

    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `dosedot_restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      execFileSync('pg_restore', ['--no-owner', `--dbname=${url}`, backup.database]);
      const restored = new pg.Client({ connectionString: url.toString() });
      await restored.connect();
      try {
        const rows = await restored.query<{ email: string }>('select email from users');
        expect(rows.rows).toHaveLength(users);
        expect(rows.rows.map((r) => r.email)).toContain(person.user.email.toLowerCase());
      } finally {
        await restored.end();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
