import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { doseInstances } from '../adherence/instances';
import { anyDate, anyPart, anyTime } from './arbitraries';
import { expandPosology, posologyOfDailyTimes } from './expand';
import type { DayPattern, DoseSlot, PosologyPart, SegmentTimes } from './model';

/*
 * The expansion against a brute force written another way: Luxon walks the calendar day by day,
 * a sequence is followed phase by phase from its start (no modulo), and each dose's instant is
 * found by trying the zone's offsets around it (the earliest instant that shows the wall time; in a
 * gap, the wall time read with the offset before the jump), across the DST changes of 2024–2026 in
 * Europe/Zurich and America/New_York.
 */

const ZONES = ['Europe/Zurich', 'America/New_York'];
const day = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });

const anySegmentTimes: fc.Arbitrary<SegmentTimes> = fc.record({
  morning: fc.constantFrom('06:30', '08:00', '02:30'),
  noon: fc.constantFrom('12:00', '13:15'),
  evening: fc.constantFrom('18:00', '19:30'),
  night: fc.constantFrom('22:00', '01:30', '23:45'),
});

/** The repo's DST rule, found by trying the offsets of the day before, the day and the day after. */
const instants = new Map<string, number>();
function bruteInstant(date: string, time: string, zone: string): number {
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const instant = offsetsTried(date, time, zone);
  instants.set(key, instant);
  return instant;
}

function offsetsTried(date: string, time: string, zone: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const local = day(date).plus({ hours: h, minutes: m }).toMillis();
  const offsetAt = (instant: number) => DateTime.fromMillis(instant, { zone }).offset;
  const offsets = new Set([-1, 0, 1].map((days) => offsetAt(local + days * 86_400_000)));
  const fits = [...offsets]
    .map((o) => local - o * 60_000)
    .filter((t) => offsetAt(t) === (local - t) / 60_000);
  if (fits.length > 0) return Math.min(...fits);
  return local - offsetAt(local - 86_400_000) * 60_000;
}

function bruteTakes(pattern: DayPattern, d: DateTime, anchor: DateTime): boolean {
  const days = Math.round(d.diff(anchor, 'days').days);
  switch (pattern.kind) {
    case 'daily':
      return true;
    case 'once':
      return days === 0;
    case 'everyNDays':
      return days >= 0 && days % pattern.n === 0;
    case 'weekdays': {
      if (!(pattern.weekdays as number[]).includes(d.weekday)) return false;
      if (pattern.everyNWeeks === 1) return true;
      // Walk the cycles of N weeks from the anchor; take in the first week of each.
      for (let start = anchor; start <= d; start = start.plus({ weeks: pattern.everyNWeeks })) {
        if (d < start.plus({ weeks: 1 })) return true;
      }
      return false;
    }
    case 'monthDays': {
      if (!pattern.days.includes(d.day)) return false;
      const months = (d.year - anchor.year) * 12 + d.month - anchor.month;
      return months >= 0 && months % pattern.everyNMonths === 0;
    }
  }
}

function bruteSlots(part: PosologyPart, d: DateTime): readonly DoseSlot[] {
  const s = part.schedule;
  const anchor = day(part.from as string);
  if (s.kind === 'freeText') return [];
  if (s.kind === 'regular') return bruteTakes(s.regimen.days, d, anchor) ? s.regimen.slots : [];
  if (d < anchor) return [];
  let start = anchor;
  for (;;) {
    for (const phase of s.phases) {
      const end = phase.days === null ? null : start.plus({ days: phase.days });
      if (end === null || d < end) {
        if (phase.kind === 'pause') return [];
        return bruteTakes(phase.regimen.days, d, start) ? phase.regimen.slots : [];
      }
      start = end;
    }
    if (!s.repeat) return [];
  }
}

function bruteForce(parts: PosologyPart[], from: string, to: string, zone: string, times: SegmentTimes) {
  const out = [];
  for (let d = day(from); d <= day(to); d = d.plus({ days: 1 })) {
    const date = d.toISODate() as string;
    for (const part of parts) {
      if ((part.from !== null && date < part.from) || (part.to !== null && date > part.to)) continue;
      for (const slot of bruteSlots(part, d)) {
        const time = (times as Record<string, string>)[slot.at] ?? slot.at;
        out.push({ date, time, scheduledAt: bruteInstant(date, time, zone), amount: slot.amount });
      }
    }
  }
  return out;
}

// Half the ranges start within four weeks before a DST change of either zone.
const DST_CHANGES = [
  '2024-03-10',
  '2024-03-31',
  '2024-10-27',
  '2024-11-03',
  '2025-03-09',
  '2025-03-30',
  '2025-10-26',
  '2025-11-02',
];
const anyFrom = fc.oneof(
  anyDate,
  fc
    .tuple(fc.constantFrom(...DST_CHANGES), fc.integer({ min: 0, max: 28 }))
    .map(([change, before]) => day(change).minus({ days: before }).toISODate() as string),
);

describe('expandPosology against a brute force', () => {
  it('gives the same doses for any posology, range and zone across DST changes', () => {
    fc.assert(
      fc.property(
        fc.array(anyPart, { minLength: 1, maxLength: 3 }),
        anyFrom,
        fc.integer({ min: 0, max: 90 }),
        fc.constantFrom(...ZONES),
        anySegmentTimes,
        (parts, from, length, zone, segmentTimes) => {
          const to = day(from).plus({ days: length }).toISODate() as string;
          const ours = expandPosology('m', parts, { timezone: zone, dates: { from, to }, segmentTimes }).map(
            ({ date, time, scheduledAt, amount }) => ({ date, time, scheduledAt, amount }),
          );
          expect(ours).toEqual(bruteForce(parts, from, to, zone, segmentTimes));
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('covers the DST days: a range over each change has doses at 02:30 moved or taken once', () => {
    const part: PosologyPart = {
      from: '2025-01-01',
      to: null,
      inReserve: false,
      unit: null,
      schedule: {
        kind: 'regular',
        regimen: { days: { kind: 'daily' }, slots: [{ at: '02:30', amount: { value: 1 } }] },
      },
    };
    for (const [zone, date] of [
      ['Europe/Zurich', '2025-03-30'],
      ['Europe/Zurich', '2025-10-26'],
      ['America/New_York', '2025-03-09'],
      ['America/New_York', '2025-11-02'],
    ] as const) {
      const [dose] = expandPosology('m', [part], { timezone: zone, dates: { from: date, to: date } });
      expect(dose?.scheduledAt).toBe(bruteInstant(date, '02:30', zone));
    }
  });
});

describe('a daily-times medicine', () => {
  it('expands to exactly what doseInstances gives', () => {
    const anyTimes = fc.array(
      fc.oneof(
        anyTime,
        anyTime.map((t) => `${t}:00.000`),
      ),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(
        fc.option(anyDate, { nil: null }),
        fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
        anyTimes,
        anyDate,
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom(...ZONES, 'UTC', 'Australia/Lord_Howe'),
        (startDate, length, times, from, span, zone) => {
          const endDate =
            startDate === null || length === null
              ? null
              : (day(startDate).plus({ days: length }).toISODate() as string);
          const medicine = { id: 7, startDate, endDate, times };
          const dates = { from, to: day(from).plus({ days: span }).toISODate() as string };
          const ours = expandPosology(7, posologyOfDailyTimes(medicine), { timezone: zone, dates }).map(
            ({ medicineId, date, time, scheduledAt }) => ({ medicineId, date, time, scheduledAt }),
          );
          expect(ours).toEqual(doseInstances(medicine, zone, dates));
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
