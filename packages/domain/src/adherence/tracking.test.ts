import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time/local';
import { type AdherenceInput, computeAdherence } from './engine';
import { trackingStart } from './tracking';
import type { MedicineSchedule } from './types';

const BERLIN = 'Europe/Berlin';
const at = (date: string, time: string) => localToUtc(date, time, BERLIN);
const med = (id: string, times: string[], startDate: string, trackedFrom: number | null) =>
  ({ id, startDate, endDate: null, times, trackedFrom }) satisfies MedicineSchedule;
const run = (input: Partial<AdherenceInput> & Pick<AdherenceInput, 'medicines' | 'range'>) =>
  computeAdherence({ timezone: BERLIN, now: at('2025-04-10', '12:00'), presses: [], ...input });

describe('trackingStart', () => {
  it('is the later of the entry and the box assignment', () => {
    expect(trackingStart(1_000, 2_000)).toBe(2_000);
    expect(trackingStart(3_000, 2_000)).toBe(3_000);
  });

  it('is the entry when the patient never had a box', () => {
    expect(trackingStart(1_000, null)).toBe(1_000);
  });
});

describe('computeAdherence with a start date in the past', () => {
  it('gives not tracked, not missed, to the doses before tracking started, and counts none as due', () => {
    // Entered on 10 April at 09:00 with a start date ten days before.
    const entered = at('2025-04-10', '09:00');
    const result = run({
      medicines: [med('a', ['08:00', '10:00'], '2025-03-31', entered)],
      range: { from: '2025-03-31', to: '2025-04-10' },
      now: at('2025-04-10', '20:00'),
    });
    const statuses = result.days.map((d) => d.intakes.map((i) => i.status));
    expect(statuses.slice(0, 10).flat()).toEqual(Array(20).fill('not_tracked'));
    // On the day it was entered, 08:00 is before, 10:00 after (and missed by 20:00 without a press).
    expect(statuses[10]).toEqual(['not_tracked', 'missed']);
    expect(result.totals).toMatchObject({ scheduled: 22, notTracked: 21, missed: 1, due: 1, adherence: 0 });
    expect(result.byMedicine[0]).toMatchObject({ notTracked: 21, missed: 1 });
  });

  it('counts a back-filled dose as confirmed by hand, and a matched press as taken by the box', () => {
    const entered = at('2025-04-10', '09:00');
    const result = run({
      medicines: [med('a', ['08:00'], '2025-04-08', entered)],
      presses: [at('2025-04-09', '08:05')],
      confirmations: [{ medicineId: 'a', scheduledAt: at('2025-04-08', '08:00') }],
      range: { from: '2025-04-08', to: '2025-04-10' },
    });
    expect(result.days.map((d) => d.intakes[0]?.status)).toEqual(['by_hand', 'taken', 'not_tracked']);
    expect(result.totals).toMatchObject({
      taken: 1,
      byHand: 1,
      notTracked: 1,
      missed: 0,
      due: 2,
      adherence: 1,
    });
  });

  it('ignores a confirmation of an instant that is not a dose of that medicine', () => {
    const result = run({
      medicines: [med('a', ['08:00'], '2025-04-09', null)],
      confirmations: [
        { medicineId: 'a', scheduledAt: at('2025-04-09', '08:01') },
        { medicineId: 'b', scheduledAt: at('2025-04-09', '08:00') },
      ],
      range: { from: '2025-04-09', to: '2025-04-09' },
    });
    expect(result.days[0]?.intakes[0]?.status).toBe('missed');
  });

  it('gives each medicine of a shared intake its own status', () => {
    const result = run({
      medicines: [
        med('old', ['08:00'], '2025-04-01', null),
        med('new', ['08:00'], '2025-04-01', at('2025-04-09', '12:00')),
      ],
      confirmations: [{ medicineId: 'old', scheduledAt: at('2025-04-09', '08:00') }],
      range: { from: '2025-04-09', to: '2025-04-09' },
    });
    const [intake] = result.days[0]?.intakes ?? [];
    expect(intake?.doses).toEqual([
      { medicineId: 'old', status: 'by_hand' },
      { medicineId: 'new', status: 'not_tracked' },
    ]);
    expect(intake?.status).toBe('by_hand');
    expect(result.byMedicine).toMatchObject([
      { medicineId: 'old', byHand: 1, notTracked: 0 },
      { medicineId: 'new', byHand: 0, notTracked: 1 },
    ]);
  });

  it('compares instants across the Berlin spring-forward night (DST)', () => {
    // Entered at 03:10 CEST on 30 March 2025, ten minutes after the clocks jumped from 02:00 to 03:00.
    // The 02:30 dose does not exist that night and moves to 03:30 CEST: after the entry, so tracked;
    // the 01:30 CET dose (00:30 UTC) is before it: not tracked. A day later both are tracked.
    const entered = Date.parse('2025-03-30T01:10:00Z');
    const result = run({
      medicines: [med('a', ['01:30', '02:30'], '2025-03-29', entered)],
      range: { from: '2025-03-29', to: '2025-03-30' },
      now: at('2025-03-31', '12:00'),
    });
    const intakes = result.days.flatMap((d) => d.intakes);
    expect(intakes.map((i) => [new Date(i.scheduledAt).toISOString(), i.status])).toEqual([
      ['2025-03-30T00:30:00.000Z', 'not_tracked'],
      ['2025-03-30T01:30:00.000Z', 'missed'],
      ['2025-03-30T23:30:00.000Z', 'missed'],
      ['2025-03-31T00:30:00.000Z', 'missed'],
    ]);
  });
});
