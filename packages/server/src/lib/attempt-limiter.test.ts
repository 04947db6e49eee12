import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db, migrateToLatest } from '../db';
import { ACCOUNT_MAILS_FACTOR, mailWait } from './attempt-limiter';
import { type CounterStore, databaseCounters } from './counters';

let db: Db;
let counters: CounterStore;
beforeAll(async () => {
  db = createDb({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(db);
});
afterAll(() => db.destroy());
beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute();
  counters = databaseCounters(db);
});

const limits = { resetMailsPerAccount: 3, windowMs: 60_000 };

describe('mailWait', () => {
  it('counts per client address first: a stranger flooding from one address leaves the owner a mail', async () => {
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
    const cap = limits.resetMailsPerAccount * ACCOUNT_MAILS_FACTOR;
    for (let i = 0; i < cap; i++)
      expect(await mailWait(counters, limits, 'reset', 'a@x.test', `10.0.0.${i}`, 1000)).toBe(0);
    expect(await mailWait(counters, limits, 'reset', 'a@x.test', '10.0.1.1', 1000)).toBeGreaterThan(0);
    expect(await mailWait(counters, limits, 'reset', 'b@x.test', '10.0.1.1', 1000)).toBe(0);
  });
});

describe('counters undo', () => {
  it('takes one hit back within the window and never goes below zero', async () => {
    await counters.hit('k', 60_000, 0);
    await counters.hit('k', 60_000, 0);
    await counters.undo('k', 1);
    expect((await counters.peek('k', 1)).count).toBe(1);
    await counters.undo('k', 1);
    await counters.undo('k', 1);
    expect((await counters.peek('k', 1)).count).toBe(0);
  });
});
