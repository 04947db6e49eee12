import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { HashPool } from './hash-pool';

const params = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, maxmem: 64 * 1024 * 1024 };

describe('HashPool', () => {
  it('derives the same key as scrypt in this thread, for many jobs at once', async () => {
    const pool = new HashPool({ threads: 2, maxWaiting: 10 });
    try {
      const salts = Array.from({ length: 6 }, (_, i) => Buffer.from(`salt-${i}`));
      const keys = await Promise.all(salts.map((salt, i) => pool.scrypt(`pw-${i}`, salt, params)));
      keys.forEach((key, i) => {
        expect(key.equals(scryptSync(`pw-${i}`, salts[i] ?? Buffer.alloc(0), 32, params))).toBe(true);
      });
    } finally {
      await pool.close();
    }
  });

  it('rejects a job with impossible parameters and keeps working', async () => {
    const pool = new HashPool({ threads: 1, maxWaiting: 10 });
    try {
      await expect(pool.scrypt('pw', Buffer.from('s'), { ...params, N: 3 })).rejects.toThrow();
      await expect(pool.scrypt('pw', Buffer.from('s'), params)).resolves.toHaveLength(32);
    } finally {
      await pool.close();
    }
  });

  it('refuses with 503 and Retry-After once the queue is full, and recovers', async () => {
    const pool = new HashPool({ threads: 1, maxWaiting: 2, retryAfterSeconds: 3 });
    const slow = { ...params, N: 2 ** 14 };
    try {
      const running = [1, 2, 3].map((i) => pool.scrypt(`pw-${i}`, Buffer.from('s'), slow));
      // One runs, two wait: the queue is full.
      await expect.poll(() => pool.waiting).toBe(2);
      const refused = await pool.scrypt('pw-4', Buffer.from('s'), slow).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ status: 503, details: { retryAfter: 3 } });
      await Promise.all(running);
      await expect(pool.scrypt('pw-5', Buffer.from('s'), params)).resolves.toHaveLength(32);
    } finally {
      await pool.close();
    }
  });

  it('runs its threads at the lowest priority', async () => {
    const pool = new HashPool({ threads: 1, maxWaiting: 10 });
    try {
      await pool.scrypt('pw', Buffer.from('s'), params);
      // Linux keeps nice per thread: one thread of this process has nice 19.
      const { readdirSync, readFileSync } = await import('node:fs');
      const nices = readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
      expect(nices).toContain(19);
    } finally {
      await pool.close();
    }
  });
});
