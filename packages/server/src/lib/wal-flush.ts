import { type FileHandle, open as openFile } from 'node:fs/promises';

/** Flushes a SQLite file's commits to disk; `close` lets go of the log's file (when the database closes). */
export interface WalFlusher {
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite (WAL, synchronous=NORMAL): makes every commit so far durable by flushing the write-ahead log
 * to disk, as synchronous=FULL would at each commit, but in libuv's thread pool: the event loop goes
 * on while the disk works. The log holds every frame committed since the last checkpoint, and a
 * checkpoint flushes the log and the database itself.
 *
 * The log's file stays open between flushes and is flushed with fdatasync, as SQLite flushes it
 * itself: opening and closing it for each flush were two more trips through the thread pool, 40 % of
 * a flush's time under ingestion (bench/RESULTS.md, 2026-11-29). SQLite keeps the log's file (the same
 * inode, rewritten from its start after a checkpoint) while any connection is open. Without a log
 * (not yet in WAL mode) the database file is flushed, opened each time, until the log appears.
 */
export function walFlusher(file: string, open: typeof openFile = openFile): WalFlusher {
  let wal: Promise<FileHandle | null> | undefined;
  const openWal = () =>
    open(`${file}-wal`, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  return {
    async flush() {
      wal ??= openWal();
      const opening = wal;
      const handle = await opening.catch((err: unknown) => {
        if (wal === opening) wal = undefined;
        throw err;
      });
      if (handle) {
        await handle.datasync();
        return;
      }
      if (wal === opening) wal = undefined;
      const database = await open(file, 'r');
      try {
        await database.sync();
      } finally {
        await database.close();
      }
    },
    async close() {
      const handle = await wal?.catch(() => null);
      wal = undefined;
      await handle?.close();
    },
  };
}
