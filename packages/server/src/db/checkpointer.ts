import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { LongLived } from '../plugins/lifecycle';

/** How often the worker checkpoints. */
const CHECKPOINT_EVERY_MS = 200;
/**
 * The serving connection's own automatic checkpoint, left as a fallback for when the worker falls
 * far behind (or is gone): after this many pages of log (64 MB), instead of SQLite's 1,000.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_000;

// Plain CommonJS for an eval'd worker: no file of its own to ship next to dist/main.js.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage(String(err && err.message));
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite's checkpoints (copying the write-ahead log into the database file and flushing both to
 * disk) on a connection of their own in a worker thread, every CHECKPOINT_EVERY_MS, instead of inside
 * whichever commit crosses 1,000 pages of log on the event loop: under ingestion that was a fifth of
 * the event loop's time, every few commits. PASSIVE: it never waits for or blocks a writer. The
 * serving connection checkpoints by itself only after FALLBACK_AUTOCHECKPOINT_PAGES (set by the
 * caller). A checkpoint changes no data, so the read cache's `PRAGMA data_version` does not move.
 */
export function sqliteCheckpointer(file: string, log: FastifyBaseLogger): LongLived {
  let worker: Worker | undefined;
  return {
    name: 'sqlite-checkpointer',
    start: () => {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const w = new Worker(WORKER, {
        eval: true,
        workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS },
      });
      w.on('message', (reason: string) => log.warn({ reason }, 'SQLite checkpoint failed; retried'));
      w.on('error', (err) =>
        log.error({ err }, 'SQLite checkpointer stopped; the serving connection checkpoints'),
      );
      w.unref();
      worker = w;
    },
    stop: async () => {
      const w = worker;
      worker = undefined;
      if (!w || w.threadId < 0) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      await exited;
    },
  };
}
