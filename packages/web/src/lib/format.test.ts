import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDosageTime, formatPercent } from './format';

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('dates in the page language (spec section 9)', () => {
  it("write 'LL' dates", () => {
    expect(formatDate('2026-09-04', 'en')).toBe('September 4, 2026');
    expect(formatDate('2026-09-04', 'de')).toBe('4. September 2026');
    expect(formatDate('2026-09-04', 'fr')).toBe('4 septembre 2026');
  });

  it("write 'lll' date-times in the profile's time zone", () => {
    const instant = '2026-09-04T18:30:00Z';
    // Read by the patient at home: no zone named.
    expect(plain(formatDateTime(instant, 'en', 'Europe/Berlin', 'Europe/Berlin'))).toBe(
      'Sep 4, 2026, 8:30 PM',
    );
    expect(plain(formatDateTime(instant, 'de', 'Europe/Berlin', 'Europe/Berlin'))).toMatch(
      /^4\. Sept?\. 2026, 20:30$/,
    );
    // Read from elsewhere (issue 24 item 6): the patient's time, with the zone's abbreviation.
    expect(plain(formatDateTime(instant, 'en', 'America/New_York', 'Europe/Berlin'))).toBe(
      'Sep 4, 2026, 2:30 PM EDT',
    );
    expect(plain(formatDateTime(instant, 'de', 'Europe/Berlin', 'UTC'))).toMatch(
      /^4\. Sept?\. 2026, 20:30 MESZ$/,
    );
  });

  it('write dosage times and rates', () => {
    expect(plain(formatDosageTime('08:00:00.000', 'en'))).toBe('8:00 AM');
    expect(formatDosageTime('19:05', 'de')).toBe('19:05');
    expect(plain(formatPercent(0.875, 'de') ?? '')).toBe('88 %');
    expect(formatPercent(null, 'en')).toBeNull();
  });
});
