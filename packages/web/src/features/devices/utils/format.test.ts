import { describe, expect, it } from 'vitest';
import { batteryLevel, formatDateTime, formatRelative } from './format';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('device dates', () => {
  it("writes 'lll' in the page language and the reader's zone", () => {
    expect(formatDateTime('2026-11-24T07:30:00Z', 'en', 'Europe/Berlin')).toMatch(/^Nov 24, 2026, 8:30\sAM$/);
    expect(formatDateTime('2026-11-24T07:30:00Z', 'de', 'Europe/Berlin')).toBe('24. Nov. 2026, 8:30');
  });

  it('says how long ago in the largest whole unit, in each language', () => {
    expect(formatRelative(NOW - 20_000, NOW, 'en')).toBe('now');
    expect(formatRelative(NOW - 5 * 60_000, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelative(NOW - 3 * 3_600_000, NOW, 'en')).toBe('3 hours ago');
    expect(formatRelative(NOW - 3 * 3_600_000, NOW, 'de')).toBe('vor 3 Stunden');
    expect(formatRelative(NOW - 86_400_000, NOW, 'en')).toBe('yesterday');
    expect(formatRelative(NOW - 4 * 86_400_000, NOW, 'fr')).toBe('il y a 4 jours');
    expect(formatRelative(NOW - 400 * 86_400_000, NOW, 'en')).toBe('last year');
  });

  it('tells the battery tone by the service thresholds', () => {
    expect(batteryLevel(null)).toBe('unknown');
    expect(batteryLevel(8)).toBe('low');
    expect(batteryLevel(10)).toBe('low');
    expect(batteryLevel(25)).toBe('weak');
    expect(batteryLevel(80)).toBe('good');
  });
});
