import { describe, expect, it } from 'vitest';
import { formatDate, formatDiopters, formatNumber, numberOrNull, textOrNull } from './format';

describe('health-data formats', () => {
  it('shows a date of birth as the same calendar day in every language', () => {
    expect(formatDate('1958-03-14', 'en')).toBe('March 14, 1958');
    expect(formatDate('1958-03-14', 'de')).toBe('14. März 1958');
    expect(formatDate('1958-03-14', 'fr')).toBe('14 mars 1958');
  });

  it('writes numbers and dioptres the local way', () => {
    expect(formatNumber(24.69, 'de')).toBe('24,7');
    expect(formatDiopters(1.25, 'en')).toBe('+1.25');
    expect(formatDiopters(-0.5, 'de')).toBe('-0,50');
    expect(formatDiopters(0, 'en')).toBe('0.00');
  });

  it('turns empty inputs into null', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('72.5')).toBe(72.5);
    expect(Number.isNaN(numberOrNull('abc'))).toBe(true);
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull('Swiss')).toBe('Swiss');
  });
});
