import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyDailyTimesMedicines } from '../posology/arbitraries';
import { posologyOfDailyTimes } from '../posology/expand';
import type { PosologyPart } from '../posology/model';
import { localToUtc } from '../time/local';
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
      },
      {
        medicineId: 9,
        date: '2025-03-26',
        time: '19:30',
        scheduledAt: localToUtc('2025-03-26', '19:30', ZURICH),
      },
      {
        medicineId: 9,
        date: '2025-03-31',
        time: '19:30',
        scheduledAt: localToUtc('2025-03-31', '19:30', ZURICH),
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
          expect(computeAdherence({ ...input, medicines: withPosology })).toEqual(
            computeAdherence({ ...input, medicines: meds }),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
