import { describe, expect, it } from 'vitest';
import { fhirDosageOf } from './fhir';
import type { PosologyPart } from './model';

const base = { from: '2024-01-10', to: '2024-02-29', inReserve: false, unit: 'Stk' };

describe('fhirDosageOf', () => {
  it('gives a Dosage a slot with days, time or segment, bounds and dose', () => {
    const part: PosologyPart = {
      ...base,
      schedule: {
        kind: 'regular',
        regimen: {
          days: { kind: 'weekdays', weekdays: [2, 4], everyNWeeks: 2 },
          slots: [
            { at: '07:30', amount: { value: 1 } },
            { at: 'evening', amount: { value: 0.5, max: 1 } },
          ],
        },
      },
    };
    const text =
      'On Tuesday and Thursday, every 2 weeks: 1\u00a0Stk at 07:30 and ½–1\u00a0Stk in the evening; From Jan 10, 2024 to Feb 29, 2024';
    const days = {
      boundsPeriod: { start: '2024-01-10', end: '2024-02-29' },
      frequency: 1,
      period: 2,
      periodUnit: 'wk',
      dayOfWeek: ['tue', 'thu'],
    };
    expect(fhirDosageOf([part])).toEqual([
      {
        sequence: 1,
        text,
        timing: { repeat: { ...days, timeOfDay: ['07:30:00'] } },
        doseAndRate: [{ doseQuantity: { value: 1, unit: 'Stk' } }],
      },
      {
        sequence: 1,
        text,
        timing: { repeat: { ...days, when: ['EVE'] } },
        doseAndRate: [{ doseRange: { low: { value: 0.5, unit: 'Stk' }, high: { value: 1, unit: 'Stk' } } }],
      },
    ]);
  });

  it('says in words what Timing cannot, and marks what is in reserve', () => {
    const cycle: PosologyPart = {
      ...base,
      inReserve: true,
      schedule: {
        kind: 'sequence',
        repeat: true,
        phases: [
          {
            kind: 'take',
            days: 21,
            regimen: { days: { kind: 'daily' }, slots: [{ at: '21:00', amount: { value: 1 } }] },
          },
          { kind: 'pause', days: 7 },
        ],
      },
    };
    const monthly: PosologyPart = {
      ...base,
      unit: null,
      schedule: {
        kind: 'regular',
        regimen: {
          days: { kind: 'monthDays', days: [10], everyNMonths: 1 },
          slots: [{ at: '08:00', amount: { value: 1 } }],
        },
      },
    };
    expect(fhirDosageOf([cycle, monthly])).toEqual([
      {
        sequence: 1,
        asNeededBoolean: true,
        text: 'If needed; For 21 days — Every day: 1\u00a0Stk at 21:00; Then a pause of 7 days; Then start again; From Jan 10, 2024 to Feb 29, 2024',
      },
      { sequence: 2, text: 'On day 10 of the month: 1 at 08:00; From Jan 10, 2024 to Feb 29, 2024' },
    ]);
  });
});
