import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteCheckpointer } from '../src/db/checkpointer';
import { until } from './processes';

describe('the SQLite checkpointer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('copies the write-ahead log into the database file from its own thread, and stops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-checkpoint-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const serving = new SqliteDatabase(file);
    serving.pragma('journal_mode = WAL');
    // The serving connection never checkpoints here: only the worker can move the pages.
    serving.pragma('wal_autocheckpoint = 0');
    serving.exec('create table t (x blob)');
    const insert = serving.prepare('insert into t values (randomblob(1000))');
    serving.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run();
    })();
    const before = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);

    const warnings: unknown[] = [];
    const log = { warn: (o: unknown) => warnings.push(o), error: (o: unknown) => warnings.push(o) };
    const part = sqliteCheckpointer(file, log as unknown as FastifyBaseLogger);
    await part.start?.();
    const after = await until(
      async () => statSync(file).size,
      (size) => size > 2_000_000,
      10_000,
    );
    expect(before).toBeLessThan(100_000);
    expect(after).toBeGreaterThan(2_000_000);
    await part.stop?.();
    expect(warnings).toEqual([]);
    // The rows are all there, read through the serving connection.
    expect(serving.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
    serving.close();
  });
});
