import { mkdtempSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { walFlusher } from './wal-flush';

/** `open` that records what it opened and how each handle was flushed and closed. */
function recordingOpen() {
  const calls: { file: string; flushed: string[]; closed: boolean }[] = [];
  const recorded = (async (file: string, flags: string) => {
    const handle = await open(file, flags);
    const call = { file: path.basename(file), flushed: [] as string[], closed: false };
    calls.push(call);
    return {
      datasync: async () => {
        call.flushed.push('datasync');
        await handle.datasync();
      },
      sync: async () => {
        call.flushed.push('sync');
        await handle.sync();
      },
      close: async () => {
        call.closed = true;
        await handle.close();
      },
    } as unknown as FileHandle;
  }) as typeof open;
  return { calls, open: recorded };
}

const databases: Database.Database[] = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.close();
});

function sqliteFile(wal: boolean) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wal-flush-')), 'db.sqlite');
  const db = new Database(file);
  databases.push(db);
  if (wal) db.pragma('journal_mode = WAL');
  db.exec('create table t (n integer)');
  return { file, db };
}

describe('walFlusher', () => {
  it('flushes the write-ahead log with fdatasync, opening its file once for every flush', async () => {
    const { file, db } = sqliteFile(true);
    const fs = recordingOpen();
    const disk = walFlusher(file, fs.open);
    for (let i = 0; i < 3; i++) {
      db.prepare('insert into t values (?)').run(i);
      await disk.flush();
    }
    expect(fs.calls).toEqual([
      { file: 'db.sqlite-wal', flushed: ['datasync', 'datasync', 'datasync'], closed: false },
    ]);
    await disk.close();
    expect(fs.calls[0]?.closed).toBe(true);
    // After close, the next flush opens the log again.
    await disk.flush();
    expect(fs.calls.map((c) => c.file)).toEqual(['db.sqlite-wal', 'db.sqlite-wal']);
    await disk.close();
  });

  it('without a write-ahead log flushes the database file, opened and closed each time, until a log appears', async () => {
    const { file, db } = sqliteFile(false);
    const fs = recordingOpen();
    const disk = walFlusher(file, fs.open);
    await disk.flush();
    await disk.flush();
    expect(fs.calls).toEqual([
      { file: 'db.sqlite', flushed: ['sync'], closed: true },
      { file: 'db.sqlite', flushed: ['sync'], closed: true },
    ]);
    db.pragma('journal_mode = WAL');
    db.prepare('insert into t values (1)').run();
    await disk.flush();
    await disk.flush();
    expect(fs.calls.slice(2)).toEqual([
      { file: 'db.sqlite-wal', flushed: ['datasync', 'datasync'], closed: false },
    ]);
    await disk.close();
  });

  it('fails a flush whose file cannot be opened, and tries again at the next', async () => {
    const { file } = sqliteFile(true);
    let refuse = true;
    const flaky = (async (f: string, flags: string) => {
      if (refuse) throw Object.assign(new Error('too many open files'), { code: 'EMFILE' });
      return open(f, flags);
    }) as typeof open;
    const disk = walFlusher(file, flaky);
    await expect(disk.flush()).rejects.toThrow('too many open files');
    refuse = false;
    await expect(disk.flush()).resolves.toBeUndefined();
    await disk.close();
  });
});
