import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyDailyTimesMedicines } from '../posology/arbitraries';
import { posologyOfDailyTimes } from '../posology/expand';
import type { PosologyPart } from '../posology/model';
import { localDateOf, localToUtc } from '../time/local';
import { chartDayWindow } from './chart-day';
import { computeAdherence } from './engine';
import { doseInstances } from './instances';

/*
 * Medicines with a posology (issue 27 item 1) in the adherence engine: their doses follow it, and
 * one written the old way (daily times) gives the same adherence either way.
 */

const ZURICH = 'Europe/Zurich';

describe('a medicine with a posology', () => {
  const mondaysAndWednesdays: PosologyPart = {
    from: '2025-03-01',
    to: null,
    inReserve: false,
    unit: 'Stk',
    schedule: {
      kind: 'regular',
      regimen: {
        days: { kind: 'weekdays', weekdays: [1, 3], everyNWeeks: 1 },
        slots: [{ at: 'evening', amount: { value: 1 } }],
      },
    },
  };
  const medicine = {
    id: 9,
    startDate: null,
    endDate: '2025-03-31',
    times: ['08:00'],
    posology: [mondaysAndWednesdays],
  };

  it('has its doses on its days, at the patient’s evening, within its own dates, and not at its old times', () => {
    const doses = doseInstances(
      medicine,
      ZURICH,
      { from: '2025-03-24', to: '2025-04-09' },
      {
        morning: '07:00',
        noon: '12:00',
        evening: '19:30',
        night: '22:00',
      },
    );
    expect(doses).toEqual([
      {
        medicineId: 9,
        date: '2025-03-24',
        time: '19:30',
        scheduledAt: localToUtc('2025-03-24', '19:30', ZURICH),
        dose: { amount: { value: 1 }, unit: 'Stk' },
      },
      {
        medicineId: 9,
        date: '2025-03-26',
        time: '19:30',
        scheduledAt: localToUtc('2025-03-26', '19:30', ZURICH),
        dose: { amount: { value: 1 }, unit: 'Stk' },
      },
      {
        medicineId: 9,
        date: '2025-03-31',
        time: '19:30',
        scheduledAt: localToUtc('2025-03-31', '19:30', ZURICH),
        dose: { amount: { value: 1 }, unit: 'Stk' },
      },
    ]);
    expect(
      doseInstances({ ...medicine, posology: [{ ...mondaysAndWednesdays, inReserve: true }] }, ZURICH, {
        from: '2025-03-24',
        to: '2025-03-31',
      }),
    ).toEqual([]);
  });

  it('is matched with a press and counted by the engine', () => {
    const press = localToUtc('2025-03-26', '18:20', ZURICH);
    const result = computeAdherence({
      timezone: ZURICH,
      medicines: [medicine],
      presses: [press],
      range: { from: '2025-03-24', to: '2025-03-27' },
      now: localToUtc('2025-03-28', '12:00', ZURICH),
    });
    const intakes = result.days.flatMap((d) => d.intakes.map((i) => [d.date, i.status, i.press]));
    expect(intakes).toEqual([
      ['2025-03-24', 'missed', null],
      ['2025-03-26', 'taken', press],
    ]);
    expect(result.totals.unmatched).toBe(0);
  });
});

describe('the amounts of a posology’s doses', () => {
  const part = (at: string, amount: { value: number; max?: number }, unit: string | null): PosologyPart => ({
    from: '2025-03-01',
    to: null,
    inReserve: false,
    unit,
    schedule: { kind: 'regular', regimen: { days: { kind: 'daily' }, slots: [{ at, amount }] } },
  });

  it('gives each dose its amount and unit in the intake; two parts at one time add up; daily times give none', () => {
    const result = computeAdherence({
      timezone: ZURICH,
      medicines: [
        {
          id: 1,
          startDate: null,
          endDate: null,
          times: [],
          posology: [part('morning', { value: 1, max: 2 }, 'Stk')],
        },
        {
          id: 2,
          startDate: null,
          endDate: null,
          times: [],
          posology: [part('08:00', { value: 0.5 }, 'ml'), part('08:00', { value: 2 }, 'ml')],
        },
        { id: 3, startDate: null, endDate: null, times: ['08:00'] },
      ],
      presses: [],
      range: { from: '2025-03-10', to: '2025-03-10' },
      now: localToUtc('2025-03-10', '06:00', ZURICH),
    });
    expect(result.days[0]?.intakes.map((i) => i.doses)).toEqual([
      [
        { medicineId: 1, status: 'pending', amount: { value: 1, max: 2 }, unit: 'Stk' },
        { medicineId: 2, status: 'pending', amount: { value: 2.5 }, unit: 'ml' },
        { medicineId: 3, status: 'pending' },
      ],
    ]);
  });
});

describe('a medicine of daily times written as a posology', () => {
  it('gives the same adherence as written with times', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ZURICH, 'America/New_York'),
        anyDailyTimesMedicines,
        fc.array(fc.integer({ min: 0, max: 120 * 60 }), { maxLength: 20 }),
        (timezone, meds, pressMinutes) => {
          const range = { from: '2025-03-27', to: '2025-03-31' };
          const origin = chartDayWindow(range.from, timezone).start;
          const input = {
            timezone,
            presses: pressMinutes.map((m) => origin + m * 60_000),
            range,
            now: origin + 3 * 86_400_000,
          };
          const withPosology = meds.map((m) => ({ ...m, times: [], posology: posologyOfDailyTimes(m) }));
          const asPosology = computeAdherence({ ...input, medicines: withPosology });
          // The same, but each dose says its amount, in no unit: one for each of the medicine's times
          // that falls on its instant (two when the clock's jump puts a time in the gap onto the next).
          const intakes = asPosology.days.flatMap((d) => d.intakes);
          for (const { scheduledAt, doses } of intakes)
            for (const dose of doses) {
              const times = meds.find((m) => m.id === dose.medicineId)?.times ?? [];
              const date = localDateOf(scheduledAt, timezone);
              const together = times.filter((t) => localToUtc(date, t, timezone) === scheduledAt).length;
              expect(dose).toMatchObject({ amount: { value: together }, unit: null });
            }
          const doses = intakes.flatMap((i) => i.doses);
          for (const dose of doses) {
            delete dose.amount;
            delete dose.unit;
          }
          expect(asPosology).toEqual(computeAdherence({ ...input, medicines: meds }));
        },
      ),
      { numRuns: 100 },
    );
  });
});
