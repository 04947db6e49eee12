// Password hashing off the event loop, at the lowest CPU priority: Linux keeps nice values per
// thread, so this thread yields the cores to the event loop (and the database) whenever both want
// them. Plain JavaScript so the same file runs from src/ (tests, dev) and dist/ (production).
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

try {
  setPriority(19);
} catch {
  // Not allowed here: hashing still runs off the event loop, at normal priority.
}

parentPort?.on('message', ({ id, password, salt, N, r, p, keyLength, maxmem }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem });
    parentPort?.postMessage({ id, key });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
