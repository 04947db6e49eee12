import { describe, expect, it } from 'vitest';
import { serviceHint } from './service-hints';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;
const device = (battery: number | null, silentHours: number | null) => ({
  battery,
  lastUplinkAt: silentHours === null ? null : NOW - silentHours * HOUR,
  createdAt: NOW - 1000 * HOUR,
});

describe('service hints', () => {
  it.each([
    [80, 1, null],
    [26, 23.9, null],
    [25, 1, 'soon'],
    [80, 24, 'soon'],
    [11, 71.9, 'soon'],
    [10, 1, 'now'],
    [80, 72, 'now'],
    [null, 2, null],
    [null, null, 'now'],
  ])('battery %s %%, silent %s h: %s', (battery, silent, hint) => {
    expect(serviceHint(device(battery, silent), NOW)).toBe(hint);
  });

  it('counts a device never heard from its registration, and takes other thresholds', () => {
    expect(serviceHint({ battery: null, lastUplinkAt: null, createdAt: NOW - HOUR }, NOW)).toBeNull();
    const t = { nowBatteryPercent: 5, nowSilentHours: 10, soonBatteryPercent: 50, soonSilentHours: 2 };
    expect(serviceHint(device(40, 1), NOW, t)).toBe('soon');
    expect(serviceHint(device(80, 11), NOW, t)).toBe('now');
  });
});
