import { describe, expect, it } from 'vitest';
import { isDosageTime, normaliseDosageTime, sortDosageTimes } from './dosage-time';

describe('dosage times', () => {
  it('accepts HH:MM from 00:00 to 23:59', () => {
    for (const ok of ['00:00', '08:30', '19:05', '23:59']) expect(isDosageTime(ok), ok).toBe(true);
    for (const bad of ['24:00', '23:60', '8:30', '08:30:00', '08:30:00.000', '', '0830', '08.30']) {
      expect(isDosageTime(bad), bad).toBe(false);
    }
  });

  it('normalises the API form and refuses seconds', () => {
    expect(normaliseDosageTime('08:30:00.000')).toBe('08:30');
    expect(normaliseDosageTime('08:30')).toBe('08:30');
    expect(normaliseDosageTime('08:30:15.000')).toBeNull();
    expect(normaliseDosageTime('noon')).toBeNull();
  });

  it('sorts the times of a day and removes repeats', () => {
    expect(sortDosageTimes(['20:00', '08:00', '12:30', '08:00'])).toEqual(['08:00', '12:30', '20:00']);
  });
});
