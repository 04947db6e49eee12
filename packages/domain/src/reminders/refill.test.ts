import { describe, expect, it } from 'vitest';
import { daysLeft, REFILL_DAYS, refillDue, refillKey, stockLeft } from './refill';

const HOUR = 3_600_000;
const set = { stock: 30, stockAt: 1_000 * HOUR, perIntake: 1 };

describe('refills', () => {
  it('draws one intake per dose taken from the setting on, and an as-needed intake its own amount', () => {
    expect(stockLeft(set, [])).toBe(30);
    // Before the stock was counted: not drawn (it was in the count already).
    expect(stockLeft(set, [{ at: set.stockAt - HOUR, amount: null }])).toBe(30);
    expect(
      stockLeft(set, [
        { at: set.stockAt, amount: null },
        { at: set.stockAt + 8 * HOUR, amount: null },
        { at: set.stockAt + 9 * HOUR, amount: 2.5 },
      ]),
    ).toBe(25.5);
    expect(stockLeft({ ...set, perIntake: 2 }, [{ at: set.stockAt + HOUR, amount: null }])).toBe(28);
  });

  it('never goes below zero', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ at: set.stockAt + i * HOUR, amount: null }));
    expect(stockLeft(set, many)).toBe(0);
  });

  it('says how many whole days are left at the daily doses, none for an as-needed medicine', () => {
    expect(daysLeft(30, 1, 2)).toBe(15);
    expect(daysLeft(13, 1, 2)).toBe(6);
    expect(daysLeft(3, 0.5, 3)).toBe(2);
    expect(daysLeft(30, 1, 0)).toBeNull();
  });

  it('is due below the refill days, once per stock setting', () => {
    expect(refillDue(6, REFILL_DAYS)).toBe(true);
    expect(refillDue(7, REFILL_DAYS)).toBe(false);
    expect(refillDue(null, REFILL_DAYS)).toBe(false);
    expect(refillKey(12, set.stockAt)).not.toBe(refillKey(12, set.stockAt + 1));
  });
});
