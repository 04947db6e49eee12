import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { HashPool } from './hash-pool';

// scrypt at one of OWASP's equivalent minimums: N=2^13, r=8, p=10 (8 MiB per hash, about 0.22 s on
// this machine class). Of the equivalent settings it has the smallest working set: a 32 MiB one
// (N=2^15) sweeps the shared L3 cache and slows the other core's reads even at the lowest priority.
// The parameters are kept in each hash, so an older hash still verifies and is upgraded at the
// next successful login (needsRehash).
export const SCRYPT = { N: 2 ** 13, r: 8, p: 10 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Hashing is CPU work: unbounded, a storm of logins takes every core from the event loop and every
 * other request waits. At most one hash per spare core runs, each in a worker thread at the lowest
 * CPU priority (hash-pool.ts), so the event loop and the database win the cores whenever both want
 * them; a bounded queue holds the rest, and past it a login is refused with 503 and Retry-After.
 */
const pool = new HashPool({ threads: Math.max(1, availableParallelism() - 1), maxWaiting: 200 });

/** Hashes computed since the process started (a metric; tests check a path hashes). */
export const passwordHashesDone = (): number => pool.completed;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return pool.scrypt(password.normalize('NFKC'), salt, {
    N: n,
    r,
    p,
    keyLength: KEY_LENGTH,
    maxmem: MAX_MEMORY,
  });
}

/** `scrypt$N$r$p$salt$hash` with base64 salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT;
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$`);
}

/** A hash of nothing in particular, verified against when no account matches, to keep timing even. */
export const DUMMY_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
