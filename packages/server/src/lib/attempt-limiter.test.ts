import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('blocks a key after max attempts within the window and frees it afterwards', () => {
    const limiter = new AttemptLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a', 1000 + i)).toBe(0);
      limiter.hit('a', 1000 + i);
    }
    expect(limiter.retryAfter('a', 2000)).toBe(59);
    expect(limiter.retryAfter('b', 2000)).toBe(0);
    expect(limiter.retryAfter('a', 61_001)).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new AttemptLimiter(1, 60_000);
    limiter.hit('a', 0);
    expect(limiter.retryAfter('a', 1)).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a', 1)).toBe(0);
  });

  it('keeps at most maxKeys keys', () => {
    const limiter = new AttemptLimiter(1, 60_000, 2);
    limiter.hit('a', 0);
    limiter.hit('b', 0);
    limiter.hit('c', 0);
    expect(limiter.retryAfter('a', 1)).toBe(0);
    expect(limiter.retryAfter('c', 1)).toBeGreaterThan(0);
  });
});
