import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, migrateToLatest } from '../src/db';

// The files the server writes into DATA_DIR hold health data and its keys: what we create is the
// operator's alone (docs/operations.md, "Data and secrets").

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'dosedot-files-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('files in the data folder', () => {
  it('creates the SQLite folders 0700 and the database with its -wal and -shm files 0600', async () => {
    const root = tempDir();
    const file = path.join(root, 'data', 'db', 'dosedot.sqlite');
    const db = createDb({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      await sql`select count(*) from users`.execute(db);
      expect(modeOf(path.join(root, 'data'))).toBe(0o700);
      expect(modeOf(path.join(root, 'data', 'db'))).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await db.destroy();
    }
  });

  it('leaves a folder the operator chose as it is, and opens the database there again', async () => {
    const chosen = tempDir();
    chmodSync(chosen, 0o750);
    const file = path.join(chosen, 'dosedot.sqlite');
    for (let run = 0; run < 2; run++) {
      const db = createDb({ kind: 'sqlite', file });
      try {
        const ran = await migrateToLatest(db);
        expect(ran.length > 0).toBe(run === 0);
      } finally {
        await db.destroy();
      }
    }
    expect(modeOf(chosen)).toBe(0o750);
    expect(modeOf(file)).toBe(0o600);
  });

  it('creates the data folder 0700 and the generated secrets 0600, and reads them back on the next start', () => {
    const dataDir = path.join(tempDir(), 'new', 'data');
    const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(modeOf(path.dirname(dataDir))).toBe(0o700);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const secret of ['jwt-secret', 'health-data-key', 'vapid-keys'])
      expect(modeOf(path.join(dataDir, secret))).toBe(0o600);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    const again = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    expect(again.healthDataKey.equals(first.healthDataKey)).toBe(true);
    // The VAPID key pair (Web Push): generated once, a P-256 pair, the same on the next start.
    expect(again.vapid).toEqual(first.vapid);
    expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(first.vapid.subject).toBe('mailto:no-reply@dosedot.local');
  });
});
