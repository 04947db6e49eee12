import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { WorkLimiter } from './work-limiter';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('WorkLimiter', () => {
  it('runs at most `concurrency` jobs at once and the rest in order', async () => {
    const limiter = new WorkLimiter(2, 10);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await tick();
      order.push(n);
      active--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => limiter.run(job(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('refuses with 503 and Retry-After once the queue is full, and recovers', async () => {
    const limiter = new WorkLimiter(1, 1, 3);
    const slow = () => limiter.run(tick);
    const first = slow();
    const second = slow();
    const third = slow().catch((e: unknown) => e);
    const refused = await third;
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, details: { retryAfter: 3 } });
    await Promise.all([first, second]);
    await expect(slow()).resolves.toBeUndefined();
  });

  it('frees the slot when a job fails', async () => {
    const limiter = new WorkLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 7)).resolves.toBe(7);
  });
});
