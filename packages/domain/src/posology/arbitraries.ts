import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  DAY_SEGMENTS,
  type DayPattern,
  type DoseSlot,
  type PosologyPart,
  type Regimen,
  type Schedule,
} from './model';

/*
 * fast-check arbitraries of posologies, for the property tests (expansion, eMediplan round trips).
 */

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });

// Times that fall in or near the spring gaps and autumn repeats of both zones, and ordinary ones.
export const anyTime = fc.constantFrom(
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
export const anyDate = fc
  .integer({ min: 0, max: 3 * 365 })
  .map((n) => day('2024-01-01').plus({ days: n }).toISODate() as string);
export const anyPart: fc.Arbitrary<PosologyPart> = fc
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

const quarterHour = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** Up to three medicines of daily times around the DST change of 2025-03-30 (adherence properties). */
export const anyDailyTimesMedicines = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 5 }),
    startDate: fc.constantFrom('2025-03-25', '2025-03-29', null),
    endDate: fc.constantFrom('2025-03-30', '2025-04-02', null),
    times: fc.uniqueArray(quarterHour, { maxLength: 4 }),
  }),
  { maxLength: 3, selector: (m) => m.id },
);
