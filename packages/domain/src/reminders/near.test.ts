import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time';
import { clockKey, clocksNear } from './near';

const pair = (timezone: string, dosage_time: string) => ({ timezone, dosage_time });

describe('the dosage times a tick works out', () => {
  it('keeps the times of the last 6 hours (and one more), not the coming ones', () => {
    const now = localToUtc('2026-11-26', '14:30', 'Europe/Berlin');
    const pairs = [
      '07:00:00.000',
      '07:40:00.000',
      '13:00:00.000',
      '14:30:00.000',
      '14:31:00.000',
      '20:00:00.000',
    ].map((t) => pair('Europe/Berlin', t));
    expect(clocksNear(pairs, now)).toEqual(
      ['07:40:00.000', '13:00:00.000', '14:30:00.000'].map((t) => clockKey('Europe/Berlin', t)),
    );
  });

  it('runs over midnight, in each zone on its own clock', () => {
    const now = localToUtc('2026-11-26', '02:00', 'Europe/Berlin');
    expect(
      clocksNear(
        [pair('Europe/Berlin', '21:00'), pair('Europe/Berlin', '18:00'), pair('America/New_York', '19:30')],
        now,
      ),
    ).toEqual([clockKey('Europe/Berlin', '21:00'), clockKey('America/New_York', '19:30')]);
  });

  it('still keeps a dose of the last hours across a DST change', () => {
    // 2026-03-29 in Berlin: 02:00 became 03:00; at 06:30 a 01:00 dose was 4½ hours ago.
    const now = localToUtc('2026-03-29', '06:30', 'Europe/Berlin');
    expect(clocksNear([pair('Europe/Berlin', '01:00')], now)).toEqual([clockKey('Europe/Berlin', '01:00')]);
  });
});
