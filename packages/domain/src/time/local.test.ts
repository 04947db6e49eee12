import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { instantToWall, localDateOf, localToUtc, toLocalIso, wallToInstant } from './local';
import { offsetMinutes } from './zone';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const utc = (iso: string): number => Date.parse(iso);

describe('localToUtc', () => {
  it('converts an ordinary local time', () => {
    expect(localToUtc('2025-01-15', '08:00', BERLIN)).toBe(utc('2025-01-15T07:00:00Z'));
    expect(localToUtc('2025-07-15', '08:00:00.000', BERLIN)).toBe(utc('2025-07-15T06:00:00Z'));
    expect(localToUtc('2025-07-15', '08:00', NEW_YORK)).toBe(utc('2025-07-15T12:00:00Z'));
  });

  it('moves a time in the Berlin spring gap forward by the gap', () => {
    // 2025-03-30: 02:00 CET becomes 03:00 CEST.
    expect(localToUtc('2025-03-30', '01:59', BERLIN)).toBe(utc('2025-03-30T00:59:00Z'));
    expect(localToUtc('2025-03-30', '02:00', BERLIN)).toBe(utc('2025-03-30T01:00:00Z'));
    expect(localToUtc('2025-03-30', '02:30', BERLIN)).toBe(utc('2025-03-30T01:30:00Z'));
    expect(toLocalIso(localToUtc('2025-03-30', '02:30', BERLIN), BERLIN)).toBe(
      '2025-03-30T03:30:00.000+02:00',
    );
    expect(localToUtc('2025-03-30', '03:00', BERLIN)).toBe(utc('2025-03-30T01:00:00Z'));
  });

  it('takes the earlier instant of a time repeated on the Berlin autumn day', () => {
    // 2025-10-26: 03:00 CEST becomes 02:00 CET, so 02:00–02:59 happen twice.
    expect(localToUtc('2025-10-26', '02:30', BERLIN)).toBe(utc('2025-10-26T00:30:00Z'));
    expect(toLocalIso(localToUtc('2025-10-26', '02:30', BERLIN), BERLIN)).toBe(
      '2025-10-26T02:30:00.000+02:00',
    );
    expect(localToUtc('2025-10-26', '03:00', BERLIN)).toBe(utc('2025-10-26T02:00:00Z'));
  });

  it('handles the New York spring gap and autumn repeat', () => {
    // 2025-03-09: 02:00 EST becomes 03:00 EDT. 2025-11-02: 02:00 EDT becomes 01:00 EST.
    expect(toLocalIso(localToUtc('2025-03-09', '02:30', NEW_YORK), NEW_YORK)).toBe(
      '2025-03-09T03:30:00.000-04:00',
    );
    expect(localToUtc('2025-11-02', '01:30', NEW_YORK)).toBe(utc('2025-11-02T05:30:00Z'));
    expect(localToUtc('2025-11-02', '02:00', NEW_YORK)).toBe(utc('2025-11-02T07:00:00Z'));
  });

  it('rejects bad input', () => {
    expect(() => localToUtc('2025-02-30', '08:00', BERLIN)).toThrow(RangeError);
    expect(() => localToUtc('2025-02-03', '8:00', BERLIN)).toThrow(RangeError);
    expect(() => localToUtc('2025-02-03', '08:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('local dates of instants', () => {
  it('reads the local date in the zone', () => {
    expect(localDateOf(utc('2025-03-29T23:30:00Z'), BERLIN)).toBe('2025-03-30');
    expect(localDateOf(utc('2025-03-29T23:30:00Z'), NEW_YORK)).toBe('2025-03-29');
    expect(localDateOf(utc('2025-11-02T04:30:00Z'), NEW_YORK)).toBe('2025-11-02');
  });
});

const ZONES = [
  BERLIN,
  NEW_YORK,
  'UTC',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'Africa/Casablanca',
  'Pacific/Apia',
];
const anyInstant = fc.integer({ min: utc('2000-01-01T00:00:00Z'), max: utc('2040-01-01T00:00:00Z') });

describe('offsets against Luxon', () => {
  it('agree with Luxon at any instant in several zones', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), anyInstant, (zone, instant) => {
        const luxon = DateTime.fromMillis(instant, { zone });
        expect(offsetMinutes(zone, instant)).toBe(luxon.offset);
        expect(localDateOf(instant, zone)).toBe(luxon.toISODate());
      }),
      { numRuns: 2000 },
    );
  });

  it('find the earliest instant of a wall time that exists, and the instant itself round-trips', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), anyInstant, (zone, instant) => {
        const wall = instantToWall(instant, zone);
        const back = wallToInstant(wall, zone);
        expect(instantToWall(back, zone)).toBe(wall);
        expect(back).toBeLessThanOrEqual(instant);
      }),
      { numRuns: 2000 },
    );
  });

  it('agree with Luxon on wall times that are neither skipped nor repeated', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), anyInstant, (zone, instant) => {
        const local = instant - (instant % 60_000);
        const wall = new Date(local);
        const ours = wallToInstant(local, zone);
        const luxon = DateTime.fromObject(
          {
            year: wall.getUTCFullYear(),
            month: wall.getUTCMonth() + 1,
            day: wall.getUTCDate(),
            hour: wall.getUTCHours(),
            minute: wall.getUTCMinutes(),
          },
          { zone },
        );
        const ambiguousOrSkipped =
          offsetMinutes(zone, local - 86_400_000) !== offsetMinutes(zone, local + 86_400_000);
        if (!ambiguousOrSkipped) expect(ours).toBe(luxon.toMillis());
      }),
      { numRuns: 2000 },
    );
  });
});
