import { describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS_FACTOR, mailWait } from './attempt-limiter';
import { memoryCounters } from './counters';

const limits = { resetMailsPerAccount: 3, windowMs: 60_000 };

describe('mailWait', () => {
  it('counts per client address first: a stranger flooding from one address leaves the owner a mail', async () => {
    const counters = memoryCounters();
    for (let i = 0; i < 3; i++)
      expect(await mailWait(counters, limits, 'reset', 'owner@x.test', '203.0.113.9', 1000)).toBe(0);
    for (let i = 0; i < 20; i++)
      expect(await mailWait(counters, limits, 'reset', 'owner@x.test', '203.0.113.9', 2000)).toBe(59);
    expect(await mailWait(counters, limits, 'reset', 'owner@x.test', '198.51.100.1', 2000)).toBe(0);
    // Another kind of mail has its own count.
    expect(await mailWait(counters, limits, 'confirm', 'owner@x.test', '203.0.113.9', 2000)).toBe(0);
    // The window passes.
    expect(await mailWait(counters, limits, 'reset', 'owner@x.test', '203.0.113.9', 61_001)).toBe(0);
  });

  it('caps the account as a whole against many addresses', async () => {
    const counters = memoryCounters();
    const cap = limits.resetMailsPerAccount * ACCOUNT_MAILS_FACTOR;
    for (let i = 0; i < cap; i++)
      expect(await mailWait(counters, limits, 'reset', 'a@x.test', `10.0.0.${i}`, 1000)).toBe(0);
    expect(await mailWait(counters, limits, 'reset', 'a@x.test', '10.0.1.1', 1000)).toBeGreaterThan(0);
    expect(await mailWait(counters, limits, 'reset', 'b@x.test', '10.0.1.1', 1000)).toBe(0);
  });
});

describe('memoryCounters undo', () => {
  it('takes one hit back within the window and never goes below zero', async () => {
    const counters = memoryCounters();
    await counters.hit('k', 60_000, 0);
    await counters.hit('k', 60_000, 0);
    await counters.undo('k', 1);
    expect((await counters.peek('k', 1)).count).toBe(1);
    await counters.undo('k', 1);
    await counters.undo('k', 1);
    expect((await counters.peek('k', 1)).count).toBe(0);
  });
});
