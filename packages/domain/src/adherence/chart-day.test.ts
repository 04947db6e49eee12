import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf, localToUtc } from '../time/local';
import { chartDayBoundaries, chartDayMinutes, chartDayOf, chartDayWindow } from './chart-day';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const H = 3_600_000;
const hours = ({ start, end }: { start: number; end: number }): number => (end - start) / H;

describe('chartDayWindow', () => {
  it('runs from 03:00 to 03:00 the next day, local time', () => {
    const day = chartDayWindow('2025-01-15', BERLIN);
    expect(day.start).toBe(Date.parse('2025-01-15T02:00:00Z'));
    expect(day.end).toBe(Date.parse('2025-01-16T02:00:00Z'));
  });

  it('lasts 23 hours across a spring-forward night and 25 across a fall-back night', () => {
    // The clocks change before 03:00, so the chart day that ends that morning is the short or long one.
    expect(hours(chartDayWindow('2025-03-28', BERLIN))).toBe(24);
    expect(hours(chartDayWindow('2025-03-29', BERLIN))).toBe(23);
    expect(hours(chartDayWindow('2025-03-30', BERLIN))).toBe(24);
    expect(hours(chartDayWindow('2025-10-25', BERLIN))).toBe(25);
    expect(hours(chartDayWindow('2025-10-26', BERLIN))).toBe(24);
    expect(hours(chartDayWindow('2025-03-08', NEW_YORK))).toBe(23);
    expect(hours(chartDayWindow('2025-11-01', NEW_YORK))).toBe(25);
  });

  it('gives the boundaries of consecutive days', () => {
    const boundaries = chartDayBoundaries('2025-03-29', '2025-03-31', BERLIN);
    expect(boundaries).toEqual([
      chartDayWindow('2025-03-29', BERLIN).start,
      chartDayWindow('2025-03-30', BERLIN).start,
      chartDayWindow('2025-03-31', BERLIN).start,
      chartDayWindow('2025-03-31', BERLIN).end,
    ]);
  });
});

describe('chartDayOf', () => {
  it('puts 01:00 in the previous chart day and 03:00 in its own', () => {
    expect(chartDayOf(localToUtc('2025-01-16', '01:00', BERLIN), BERLIN)).toBe('2025-01-15');
    expect(chartDayOf(localToUtc('2025-01-16', '02:59:59.999', BERLIN), BERLIN)).toBe('2025-01-15');
    expect(chartDayOf(localToUtc('2025-01-16', '03:00', BERLIN), BERLIN)).toBe('2025-01-16');
    expect(chartDayOf(localToUtc('2025-01-16', '23:59', BERLIN), BERLIN)).toBe('2025-01-16');
  });

  it('puts both passes of the repeated hour in the previous chart day', () => {
    // 2025-11-02 in New York: 01:30 EDT (05:30Z) and 01:30 EST (06:30Z).
    expect(chartDayOf(Date.parse('2025-11-02T05:30:00Z'), NEW_YORK)).toBe('2025-11-01');
    expect(chartDayOf(Date.parse('2025-11-02T06:30:00Z'), NEW_YORK)).toBe('2025-11-01');
    expect(chartDayOf(Date.parse('2025-11-02T07:59:59Z'), NEW_YORK)).toBe('2025-11-01');
    expect(chartDayOf(Date.parse('2025-11-02T08:00:00Z'), NEW_YORK)).toBe('2025-11-02');
  });

  it('always lands in a window that contains the instant', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(BERLIN, NEW_YORK, 'Australia/Lord_Howe', 'Asia/Tokyo'),
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
        (zone, instant) => {
          const { start, end } = chartDayWindow(chartDayOf(instant, zone), zone);
          expect(instant).toBeGreaterThanOrEqual(start);
          expect(instant).toBeLessThan(end);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// The cases the web app's own copies of the rule were tested with, before it used this module.
describe('chart days as the web shows them', () => {
  const at = (iso: string) => Date.parse(iso);

  it('run from 03:00 to 03:00 local time: 01:00 still belongs to the day before', () => {
    expect(chartDayOf(at('2026-11-23T07:00:00Z'), BERLIN)).toBe('2026-11-23');
    expect(chartDayOf(at('2026-11-23T00:30:00Z'), BERLIN)).toBe('2026-11-22'); // 01:30 local
    expect(chartDayOf(at('2026-11-23T02:00:00Z'), BERLIN)).toBe('2026-11-23'); // 03:00 local
    expect(chartDayOf(at('2026-11-23T03:30:00Z'), NEW_YORK)).toBe('2026-11-22'); // 22:30 local
  });

  it('follow daylight saving time (Berlin, 29 March 2026: 02:00 becomes 03:00)', () => {
    expect(chartDayOf(at('2026-03-29T00:59:00Z'), BERLIN)).toBe('2026-03-28'); // 01:59 CET
    expect(chartDayOf(at('2026-03-29T01:00:00Z'), BERLIN)).toBe('2026-03-29'); // 03:00 CEST
  });

  it('keep the night before 03:00 in the previous chart day, but not in the calendar date', () => {
    const night = at('2026-11-24T01:15:00Z'); // 02:15 in Berlin
    expect(chartDayOf(night, BERLIN)).toBe('2026-11-23');
    expect(localDateOf(night, BERLIN)).toBe('2026-11-24');
    const morning = at('2026-11-24T08:00:00Z');
    expect(chartDayOf(morning, BERLIN)).toBe('2026-11-24');
    expect(localDateOf(morning, NEW_YORK)).toBe('2026-11-24');
  });

  it('place a time of day on the chart axis, the night after midnight at its end', () => {
    expect(chartDayMinutes(at('2026-11-23T07:05:00Z'), BERLIN)).toBe(8 * 60 + 5);
    expect(chartDayMinutes(at('2026-11-23T00:30:00Z'), BERLIN)).toBe(25 * 60 + 30);
    expect(chartDayMinutes(at('2026-11-23T02:00:00Z'), BERLIN)).toBe(3 * 60);
    expect(chartDayMinutes(at('2026-11-24T01:59:00Z'), BERLIN)).toBe(26 * 60 + 59);
  });
});
