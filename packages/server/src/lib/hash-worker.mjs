// Password hashing off the event loop, at the lowest CPU priority: Linux keeps nice values per
// thread, so this thread yields the cores to the event loop (and the database) whenever both want
// them. A piscina task (hash-pool.ts). Plain JavaScript so the same file runs from src/ (tests,
// dev) and dist/ (production).
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

try {
  setPriority(19);
} catch {
  // Not allowed here: hashing still runs off the event loop, at normal priority.
}

export default function scrypt({ password, salt, N, r, p, keyLength, maxmem }) {
  return scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem });
}
