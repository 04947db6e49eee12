import type { AdherenceDay } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { countKinds, dosageTimeMinutes, dotsOf } from './dot-chart-data';

const day = (overrides: Partial<AdherenceDay>): AdherenceDay => ({
  date: '2026-11-23',
  start: '2026-11-23T02:00:00.000Z',
  end: '2026-11-24T02:00:00.000Z',
  intakes: [],
  unmatched: [],
  manual: [],
  scheduled: 0,
  taken: 0,
  byHand: 0,
  notTracked: 0,
  missed: 0,
  pending: 0,
  onTime: 0,
  about1h: 0,
  over2h: 0,
  due: 0,
  adherence: null,
  onTimeRate: null,
  ...overrides,
});

describe('the dot chart', () => {
  it('puts a taken dose at its press, a missed one at its time, and keeps presses without a dose', () => {
    const dots = dotsOf(
      [
        day({
          intakes: [
            {
              date: '2026-11-23',
              scheduledAt: '2026-11-23T07:00:00.000Z',
              medicineIds: [1, 2],
              status: 'taken',
              doses: [
                { medicineId: 1, status: 'taken' },
                { medicineId: 2, status: 'taken' },
              ],
              press: '2026-11-23T08:10:00.000Z',
              deltaMinutes: 70,
              band: 'about_1h',
            },
            {
              date: '2026-11-23',
              scheduledAt: '2026-11-23T18:00:00.000Z',
              medicineIds: [1],
              status: 'missed',
              doses: [{ medicineId: 1, status: 'missed' }],
              press: null,
              deltaMinutes: null,
              band: null,
            },
          ],
          unmatched: ['2026-11-24T00:30:00.000Z'],
        }),
      ],
      'Europe/Berlin',
    );
    expect(dots.map((d) => [d.kind, d.minutes])).toEqual([
      ['about_1h', 9 * 60 + 10],
      ['missed', 19 * 60],
      ['unmatched', 25 * 60 + 30],
    ]);
    expect(countKinds(dots)).toMatchObject({ about_1h: 1, missed: 1, unmatched: 1, on_time: 0 });
  });

  it('marks an as-needed intake entered by hand apart from presses, and a confirmed dose at its time', () => {
    const entered = {
      amount: null,
      enteredBy: 7,
      enteredBySelf: true,
      enteredAt: '2026-11-23T13:00:00.000Z',
    };
    const dots = dotsOf(
      [
        day({
          intakes: [
            {
              date: '2026-11-23',
              scheduledAt: '2026-11-23T07:00:00.000Z',
              medicineIds: [1],
              status: 'by_hand',
              doses: [{ medicineId: 1, status: 'by_hand' }],
              press: null,
              deltaMinutes: null,
              band: null,
            },
            {
              date: '2026-11-23',
              scheduledAt: '2026-11-23T18:00:00.000Z',
              medicineIds: [1],
              status: 'not_tracked',
              doses: [{ medicineId: 1, status: 'not_tracked' }],
              press: null,
              deltaMinutes: null,
              band: null,
            },
          ],
          manual: [
            {
              id: 1,
              medicineId: 1,
              takenAt: '2026-11-23T07:30:00.000Z',
              scheduledAt: '2026-11-23T07:00:00.000Z',
              ...entered,
            },
            { id: 2, medicineId: 3, takenAt: '2026-11-23T12:00:00.000Z', scheduledAt: null, ...entered },
          ],
        }),
      ],
      'Europe/Berlin',
    );
    expect(dots.map((d) => [d.kind, d.minutes, d.medicineIds])).toEqual([
      ['by_hand', 8 * 60, [1]],
      ['not_tracked', 19 * 60, [1]],
      ['manual', 13 * 60, [3]],
    ]);
    expect(countKinds(dots)).toMatchObject({ by_hand: 1, not_tracked: 1, manual: 1, unmatched: 0 });
  });

  it('draws a dosage time before 03:00 at the end of the chart day', () => {
    expect(dosageTimeMinutes('08:00:00.000')).toBe(480);
    expect(dosageTimeMinutes('01:00')).toBe(1500);
  });
});
