import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time/local';
import { type AdherenceInput, computeAdherence } from './engine';
import type { MedicineSchedule } from './types';

const BERLIN = 'Europe/Berlin';
const MIN = 60_000;
const med = (
  id: string,
  times: string[],
  startDate: string | null = '2025-01-01',
  endDate: string | null = null,
) => ({ id, startDate, endDate, times }) satisfies MedicineSchedule;

function run(input: Partial<AdherenceInput> & Pick<AdherenceInput, 'medicines' | 'presses' | 'range'>) {
  return computeAdherence({ timezone: BERLIN, now: Date.parse('2030-01-01T00:00:00Z'), ...input });
}
const at = (date: string, time: string, zone = BERLIN) => localToUtc(date, time, zone);

describe('computeAdherence', () => {
  it('matches merged presses to intakes and counts one day', () => {
    const d = '2025-01-15';
    const result = run({
      medicines: [med('a', ['08:00', '20:00'])],
      presses: [at(d, '08:10'), at(d, '08:10:30'), at(d, '21:45')],
      range: { from: d, to: d },
    });
    const [day] = result.days;
    expect(day?.intakes.map((i) => [i.status, i.band, i.deltaMs])).toEqual([
      ['taken', 'on_time', 10 * MIN],
      ['taken', 'about_1h', 105 * MIN],
    ]);
    expect(day?.intakes[0]?.press).toBe(at(d, '08:10'));
    expect(day).toMatchObject({
      date: d,
      scheduled: 2,
      taken: 2,
      due: 2,
      onTime: 1,
      adherence: 1,
      onTimeRate: 0.5,
    });
    expect(day?.unmatched).toEqual([]);
    expect(result.totals).toMatchObject({ taken: 2, due: 2, unmatched: 0 });
  });

  it('puts a 01:00 dose in the previous chart day', () => {
    const result = run({
      medicines: [med('a', ['01:00'])],
      presses: [at('2025-01-16', '01:05')],
      range: { from: '2025-01-15', to: '2025-01-16' },
    });
    expect(result.days.map((d) => d.intakes.map((i) => i.scheduledAt))).toEqual([
      [at('2025-01-16', '01:00')],
      [at('2025-01-17', '01:00')],
    ]);
    expect(result.days[0]?.intakes[0]?.status).toBe('taken');
  });

  it('takes two medicines due at one time with one press', () => {
    const d = '2025-01-15';
    const result = run({
      medicines: [med('a', ['08:00']), med('b', ['08:00', '12:00']), med('c', [])],
      presses: [at(d, '08:02')],
      range: { from: d, to: d },
      now: at(d, '23:00'),
    });
    expect(result.days[0]?.intakes.map((i) => [i.medicineIds, i.status])).toEqual([
      [['a', 'b'], 'taken'],
      [['b'], 'missed'],
    ]);
    expect(result.byMedicine.map((m) => [m.medicineId, m.taken, m.due, m.adherence])).toEqual([
      ['a', 1, 1, 1],
      ['b', 1, 2, 0.5],
      ['c', 0, 0, null],
    ]);
  });

  it('merges presses 59 s and 60 s apart but not 61 s apart', () => {
    const d = '2025-01-15';
    const result = run({
      medicines: [med('a', ['08:00'])],
      presses: [
        at(d, '08:00'),
        at(d, '08:00:59'),
        at(d, '12:00'),
        at(d, '12:01'),
        at(d, '16:00'),
        at(d, '16:01:01'),
      ],
      range: { from: d, to: d },
    });
    expect(result.days[0]?.intakes[0]?.press).toBe(at(d, '08:00'));
    expect(result.days[0]?.unmatched).toEqual([at(d, '12:00'), at(d, '16:00'), at(d, '16:01:01')]);
  });

  it('does not let a late press steal the next morning dose', () => {
    // 22:00 taken on time; a 02:30 press is still chart day 15 and 4.5 h from 22:00: unmatched.
    const result = run({
      medicines: [med('a', ['05:00', '22:00'])],
      presses: [at('2025-01-15', '22:00:30'), at('2025-01-16', '02:30')],
      range: { from: '2025-01-15', to: '2025-01-16' },
      now: at('2025-01-16', '12:00'),
    });
    const [day15, day16] = result.days;
    expect(day15?.intakes.map((i) => i.status)).toEqual(['missed', 'taken']);
    expect(day15?.unmatched).toEqual([at('2025-01-16', '02:30')]);
    expect(day16?.intakes.map((i) => [i.scheduledAt, i.status])).toEqual([
      [at('2025-01-16', '05:00'), 'missed'],
      [at('2025-01-16', '22:00'), 'pending'],
    ]);
  });

  it('gives a late evening press to the evening dose, not to the closer next-day one', () => {
    // Evening 23:00 and morning 03:30 doses: a 01:40 press is nearer 03:30 but on chart day 15.
    const result = run({
      medicines: [med('a', ['03:30', '23:00'])],
      presses: [at('2025-01-16', '01:40'), at('2025-01-16', '03:25')],
      range: { from: '2025-01-15', to: '2025-01-16' },
    });
    expect(result.days[0]?.intakes.at(-1)).toMatchObject({
      press: at('2025-01-16', '01:40'),
      band: 'over_2h',
    });
    expect(result.days[1]?.intakes[0]).toMatchObject({ press: at('2025-01-16', '03:25'), band: 'on_time' });
  });

  it('counts a pending intake as not yet due, and reports no rate when nothing is due', () => {
    const d = '2025-01-15';
    const input = { medicines: [med('a', ['08:00', '20:00'])], presses: [], range: { from: d, to: d } };
    const noon = run({ ...input, now: at(d, '12:00') });
    expect(noon.days[0]?.intakes.map((i) => i.status)).toEqual(['pending', 'pending']);
    expect(noon.days[0]).toMatchObject({ due: 0, adherence: null, onTimeRate: null, pending: 2 });
    const later = run({ ...input, now: at(d, '12:00:00.001') });
    expect(later.days[0]).toMatchObject({ missed: 1, pending: 1, due: 1, adherence: 0 });
  });

  it('adds up weeks, months and totals over the days of the range', () => {
    const result = run({
      medicines: [med('a', ['08:00'])],
      presses: [at('2025-03-31', '08:00'), at('2025-04-01', '09:00')],
      range: { from: '2025-03-30', to: '2025-04-01' },
    });
    expect(result.byWeek.map((w) => [w.period, w.scheduled, w.taken])).toEqual([
      ['2025-W13', 1, 0],
      ['2025-W14', 2, 2],
    ]);
    expect(result.byMonth.map((m) => [m.period, m.scheduled, m.taken, m.onTime])).toEqual([
      ['2025-03', 2, 1, 1],
      ['2025-04', 1, 1, 0],
    ]);
    expect(result.totals).toMatchObject({ scheduled: 3, taken: 2, missed: 1, due: 3, onTime: 1, about1h: 1 });
  });

  it('ignores presses outside the range and refuses bad input', () => {
    const result = run({
      medicines: [med('a', ['08:00'])],
      presses: [at('2025-01-14', '08:00'), at('2025-01-16', '03:00')],
      range: { from: '2025-01-15', to: '2025-01-15' },
    });
    expect(result.totals.unmatched).toBe(0);
    const day = { from: '2025-01-15', to: '2025-01-15' };
    expect(() => run({ timezone: 'Nowhere/Land', medicines: [], presses: [], range: day })).toThrow(
      RangeError,
    );
    expect(() => run({ medicines: [med('a', ['8:00'])], presses: [], range: day })).toThrow(RangeError);
    expect(() =>
      run({ medicines: [], presses: [], range: { from: '2025-01-16', to: '2025-01-15' } }),
    ).toThrow(RangeError);
  });
});
