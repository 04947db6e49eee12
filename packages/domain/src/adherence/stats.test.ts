import { describe, expect, it } from 'vitest';
import { addCounts, countIntake, emptyCounts, tallyOf } from './stats';

describe('tallies', () => {
  it('counts statuses and bands; due is taken plus missed', () => {
    const counts = emptyCounts();
    countIntake(counts, 'taken', 'on_time');
    countIntake(counts, 'taken', 'over_2h');
    countIntake(counts, 'missed', null);
    countIntake(counts, 'pending', null);
    expect(tallyOf(counts)).toEqual({
      scheduled: 4,
      taken: 2,
      byHand: 0,
      notTracked: 0,
      missed: 1,
      pending: 1,
      onTime: 1,
      about1h: 0,
      over2h: 1,
      due: 3,
      adherence: 2 / 3,
      onTimeRate: 1 / 3,
    });
  });

  it('counts doses confirmed by hand apart from the box, and due; not tracked ones are not due', () => {
    const counts = emptyCounts();
    countIntake(counts, 'taken', 'on_time');
    countIntake(counts, 'by_hand', null);
    countIntake(counts, 'missed', null);
    countIntake(counts, 'not_tracked', null);
    countIntake(counts, 'not_tracked', null);
    expect(tallyOf(counts)).toMatchObject({
      scheduled: 5,
      taken: 1,
      byHand: 1,
      notTracked: 2,
      missed: 1,
      due: 3,
      adherence: 2 / 3,
      onTimeRate: 1 / 3,
    });
    expect(tallyOf(countIntake(emptyCounts(), 'not_tracked', null))).toMatchObject({
      due: 0,
      missed: 0,
      adherence: null,
    });
    expect(addCounts(countIntake(emptyCounts(), 'by_hand', null), counts)).toMatchObject({
      byHand: 2,
      notTracked: 2,
    });
  });

  it('has no rates when nothing is due', () => {
    const counts = countIntake(emptyCounts(), 'pending', null);
    expect(tallyOf(counts)).toMatchObject({ due: 0, adherence: null, onTimeRate: null });
    expect(tallyOf(emptyCounts())).toMatchObject({ scheduled: 0, adherence: null });
  });

  it('adds counts together', () => {
    const a = countIntake(emptyCounts(), 'taken', 'about_1h');
    const b = countIntake(emptyCounts(), 'missed', null);
    expect(tallyOf(addCounts(a, b))).toMatchObject({
      scheduled: 2,
      taken: 1,
      missed: 1,
      about1h: 1,
      adherence: 0.5,
    });
  });
});
