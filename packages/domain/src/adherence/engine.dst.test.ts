import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time/local';
import { type AdherenceInput, computeAdherence } from './engine';
import type { MedicineSchedule } from './types';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
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

describe('computeAdherence on DST nights', () => {
  it('handles the Berlin spring-forward night (chart day 29 lasts 23 h)', () => {
    const result = run({
      medicines: [med('a', ['02:30', '08:00'])],
      presses: [at('2025-03-30', '03:35'), at('2025-03-30', '08:00')],
      range: { from: '2025-03-29', to: '2025-03-30' },
    });
    const [day29, day30] = result.days;
    expect((day29?.end ?? 0) - (day29?.start ?? 0)).toBe(23 * 60 * MIN);
    // 02:30 on the 30th does not exist: it is 03:30 CEST, which is already chart day 30.
    expect(day29?.intakes.map((i) => i.scheduledAt)).toEqual([at('2025-03-29', '08:00')]);
    expect(day30?.intakes.map((i) => [i.scheduledAt, i.band])).toEqual([
      [Date.parse('2025-03-30T01:30:00Z'), 'on_time'],
      [at('2025-03-30', '08:00'), 'on_time'],
      [at('2025-03-31', '02:30'), null],
    ]);
  });

  it('handles the Berlin fall-back night: a press in the repeated hour matches the earlier 02:30', () => {
    const result = run({
      medicines: [med('a', ['02:30'])],
      presses: [Date.parse('2025-10-26T01:40:00Z')], // 02:40 CET, the second 02:40 of the night
      range: { from: '2025-10-25', to: '2025-10-25' },
    });
    const [day] = result.days;
    expect((day?.end ?? 0) - (day?.start ?? 0)).toBe(25 * 60 * MIN);
    expect(day?.intakes[0]).toMatchObject({
      scheduledAt: Date.parse('2025-10-26T00:30:00Z'),
      deltaMs: 70 * MIN,
      band: 'about_1h',
    });
  });

  it('handles New York DST nights', () => {
    const result = run({
      timezone: NEW_YORK,
      medicines: [med('a', ['02:30', '01:30'])],
      presses: [Date.parse('2025-03-09T07:31:00Z'), Date.parse('2025-11-02T06:20:00Z')],
      range: { from: '2025-03-08', to: '2025-11-01' },
    });
    const byDate = new Map(result.days.map((d) => [d.date, d]));
    // Spring: 02:30 on 03-09 is 03:30 EDT (07:30Z), in chart day 03-09; 01:30 EST stays in 03-08.
    expect(byDate.get('2025-03-09')?.intakes[0]).toMatchObject({
      scheduledAt: Date.parse('2025-03-09T07:30:00Z'),
    });
    expect(byDate.get('2025-03-09')?.intakes[0]?.deltaMs).toBe(MIN);
    // Autumn: 01:30 on 11-02 is 01:30 EDT (05:30Z); a press at 01:20 EST (the second 01:20) is
    // 50 min after it and 70 min before 02:30 EST.
    const autumn = byDate.get('2025-11-01');
    expect(autumn?.intakes.map((i) => i.scheduledAt)).toContain(Date.parse('2025-11-02T05:30:00Z'));
    expect(autumn?.intakes.find((i) => i.press !== null)).toMatchObject({
      scheduledAt: Date.parse('2025-11-02T05:30:00Z'),
      deltaMs: 50 * MIN,
      band: 'about_1h',
    });
  });
});
