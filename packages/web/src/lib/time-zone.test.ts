import { describe, expect, it } from 'vitest';
import { formatInZone, zoneAbbreviation } from './time-zone';

const WINTER = '2026-01-15T17:30:00Z';
const SUMMER = '2026-07-15T17:30:00Z';

describe('formatInZone: a time in the zone of the person it is about', () => {
  it('has no abbreviation when the viewer is in the same zone', () => {
    expect(formatInZone(WINTER, 'Europe/Berlin', 'en', undefined, 'Europe/Berlin')).toBe(
      'Jan 15, 2026, 6:30 PM',
    );
    expect(formatInZone(WINTER, 'Europe/Berlin', 'de', undefined, 'Europe/Berlin')).toBe('15.01.2026, 18:30');
  });

  it('shows the person’s time with its abbreviation when the viewer is elsewhere', () => {
    expect(formatInZone(WINTER, 'America/New_York', 'en', undefined, 'Europe/Berlin')).toBe(
      'Jan 15, 2026, 12:30 PM EST',
    );
    expect(formatInZone(WINTER, 'Europe/Berlin', 'de', undefined, 'America/New_York')).toBe(
      '15.01.2026, 18:30 MEZ',
    );
  });

  it('follows daylight saving time: the hour and the abbreviation change', () => {
    expect(formatInZone(SUMMER, 'America/New_York', 'en', undefined, 'UTC')).toBe(
      'Jul 15, 2026, 1:30 PM EDT',
    );
    expect(formatInZone(SUMMER, 'Europe/Berlin', 'de', undefined, 'UTC')).toBe('15.07.2026, 19:30 MESZ');
    // The night the clocks go back in New York (1 November 2026): 1:30 happens twice, told apart.
    expect(
      formatInZone('2026-11-01T05:30:00Z', 'America/New_York', 'en', { timeStyle: 'short' }, 'UTC'),
    ).toBe('1:30 AM EDT');
    expect(
      formatInZone('2026-11-01T06:30:00Z', 'America/New_York', 'en', { timeStyle: 'short' }, 'UTC'),
    ).toBe('1:30 AM EST');
  });

  it('takes the options of the place it is used, and an alias of the viewer’s zone as that zone', () => {
    expect(formatInZone(WINTER, 'Europe/Zurich', 'fr', { timeStyle: 'short' }, 'Europe/Zurich')).toBe(
      '18:30',
    );
    expect(formatInZone(WINTER, 'Asia/Kolkata', 'en', { timeStyle: 'short' }, 'Asia/Calcutta')).toBe(
      '11:00 PM',
    );
    expect(zoneAbbreviation(new Date(WINTER), 'Asia/Tokyo', 'en')).toBe('GMT+9');
  });

  it('needs no abbreviation where the viewer’s clock reads the same time at that instant', () => {
    // Zurich and Berlin keep the same clock all year.
    expect(formatInZone(SUMMER, 'Europe/Berlin', 'en', { timeStyle: 'short' }, 'Europe/Zurich')).toBe(
      '7:30 PM',
    );
    // London and Lisbon read the same clock; Berlin an hour later.
    expect(formatInZone(WINTER, 'Europe/London', 'en', { timeStyle: 'short' }, 'Europe/Lisbon')).toBe(
      '5:30 PM',
    );
    expect(formatInZone(WINTER, 'Europe/London', 'en', { timeStyle: 'short' }, 'Europe/Berlin')).toBe(
      '5:30 PM GMT',
    );
  });
});
