import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { doseInstances } from '../adherence/instances';
import { expandPosology, posologyOfDailyTimes } from './expand';
import {
  DAY_SEGMENTS,
  type DayPattern,
  type DoseSlot,
  type PosologyPart,
  type Regimen,
  type Schedule,
  type SegmentTimes,
} from './model';

/*
 * The expansion against a brute force written another way: Luxon walks the calendar day by day,
 * a sequence is followed phase by phase from its start (no modulo), and each dose's instant is
 * found by trying the zone's offsets around it (the earliest instant that shows the wall time; in a
 * gap, the wall time read with the offset before the jump), across the DST changes of 2024–2026 in
 * Europe/Zurich and America/New_York.
 */

const ZONES = ['Europe/Zurich', 'America/New_York'];
const day = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });

// Times that fall in or near the spring gaps and autumn repeats of both zones, and ordinary ones.
const anyTime = fc.constantFrom(
  '00:00',
  '01:30',
  '02:00',
  '02:30',
  '02:59',
  '03:00',
  '08:00',
  '12:45',
  '23:59',
);
const anySlot: fc.Arbitrary<DoseSlot> = fc.record({
  at: fc.oneof(anyTime, fc.constantFrom(...DAY_SEGMENTS)),
  amount: fc.oneof(
    fc.record({ value: fc.constantFrom(0.25, 0.5, 1, 2) }),
    fc.record({ value: fc.constant(1), max: fc.constant(2) }),
  ),
});
const anyPattern: fc.Arbitrary<DayPattern> = fc.oneof(
  fc.constant({ kind: 'daily' as const }),
  fc.constant({ kind: 'once' as const }),
  fc.record({ kind: fc.constant('everyNDays' as const), n: fc.integer({ min: 2, max: 10 }) }),
  fc.record({
    kind: fc.constant('weekdays' as const),
    weekdays: fc.uniqueArray(
      fc.constantFrom(1, 2, 3, 4, 5, 6, 7) as fc.Arbitrary<1 | 2 | 3 | 4 | 5 | 6 | 7>,
      {
        minLength: 1,
        maxLength: 7,
      },
    ),
    everyNWeeks: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('monthDays' as const),
    days: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 4 }),
    everyNMonths: fc.integer({ min: 1, max: 3 }),
  }),
);
const anyRegimen: fc.Arbitrary<Regimen> = fc.record({
  days: anyPattern,
  slots: fc.array(anySlot, { minLength: 1, maxLength: 4 }),
});
const anySchedule: fc.Arbitrary<Schedule> = fc.oneof(
  fc.record({ kind: fc.constant('regular' as const), regimen: anyRegimen }),
  fc
    .tuple(
      fc.array(
        fc.oneof(
          fc.record({
            kind: fc.constant('take' as const),
            days: fc.integer({ min: 1, max: 30 }),
            regimen: anyRegimen,
          }),
          fc.record({ kind: fc.constant('pause' as const), days: fc.integer({ min: 1, max: 14 }) }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      fc.boolean(),
      fc.option(anyRegimen, { nil: undefined }),
    )
    .map(([phases, repeat, open]): Schedule => {
      const all = phases.some((p) => p.kind === 'take')
        ? phases
        : [
            ...phases,
            {
              kind: 'take' as const,
              days: 3,
              regimen: { days: { kind: 'daily' as const }, slots: [{ at: '08:00', amount: { value: 1 } }] },
            },
          ];
      if (!repeat && open)
        return { kind: 'sequence', phases: [...all, { kind: 'take', days: null, regimen: open }], repeat };
      return { kind: 'sequence', phases: all, repeat };
    }),
);
const anyDate = fc
  .integer({ min: 0, max: 3 * 365 })
  .map((n) => day('2024-01-01').plus({ days: n }).toISODate() as string);
const anyPart: fc.Arbitrary<PosologyPart> = fc
  .record({
    from: anyDate,
    length: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
    schedule: anySchedule,
  })
  .map(({ from, length, schedule }) => ({
    from,
    to: length === null ? null : (day(from).plus({ days: length }).toISODate() as string),
    inReserve: false,
    unit: 'Stk',
    schedule,
  }));
const anySegmentTimes: fc.Arbitrary<SegmentTimes> = fc.record({
  morning: fc.constantFrom('06:30', '08:00', '02:30'),
  noon: fc.constantFrom('12:00', '13:15'),
  evening: fc.constantFrom('18:00', '19:30'),
  night: fc.constantFrom('22:00', '01:30', '23:45'),
});

/** The repo's DST rule, found by trying offsets with Luxon. */
function bruteInstant(date: string, time: string, zone: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const local = day(date).plus({ hours: h, minutes: m }).toMillis();
  const offsetAt = (instant: number) => DateTime.fromMillis(instant, { zone }).offset;
  const offsets = new Set<number>();
  for (let hours = -30; hours <= 30; hours += 1) offsets.add(offsetAt(local + hours * 3_600_000));
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
      const weeks = Math.round(d.startOf('week').diff(anchor.startOf('week'), 'weeks').weeks);
      return weeks >= 0 && weeks % pattern.everyNWeeks === 0;
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

describe('expandPosology against a brute force', () => {
  it('gives the same doses for any posology, range and zone across DST changes', () => {
    fc.assert(
      fc.property(
        fc.array(anyPart, { minLength: 1, maxLength: 3 }),
        anyDate,
        fc.integer({ min: 0, max: 120 }),
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
  });

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
  });
});
