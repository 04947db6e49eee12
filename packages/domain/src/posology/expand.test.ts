import { describe, expect, it } from 'vitest';
import { localToUtc } from '../time/local';
import { expandPosology } from './expand';
import { type Amount, medicineTypeOf, type PosologyPart, posologyPartSchema, type Regimen } from './model';

const ZURICH = 'Europe/Zurich';
const one = { value: 1 };
const daily = (at: string, amount: Amount = one): Regimen => ({
  days: { kind: 'daily' },
  slots: [{ at, amount }],
});
const part = (over: Partial<PosologyPart>): PosologyPart => ({
  from: '2025-03-01',
  to: null,
  inReserve: false,
  unit: 'Stk',
  schedule: { kind: 'regular', regimen: daily('08:00') },
  ...over,
});
const datesOf = (parts: PosologyPart[], from: string, to: string) =>
  expandPosology(1, parts, { timezone: ZURICH, dates: { from, to } }).map((d) => d.date);

describe('expandPosology', () => {
  it('takes 21 days, pauses 7, and starts again', () => {
    const cycle = part({
      schedule: {
        kind: 'sequence',
        repeat: true,
        phases: [
          { kind: 'take', days: 21, regimen: daily('21:00') },
          { kind: 'pause', days: 7 },
        ],
      },
    });
    const dates = datesOf([cycle], '2025-03-01', '2025-04-30');
    expect(dates).toHaveLength(21 + 21 + 5); // 1–21 March, 29 March – 18 April, 26–30 April
    expect(dates[20]).toBe('2025-03-21');
    expect(dates[21]).toBe('2025-03-29');
    expect(dates.includes('2025-03-25')).toBe(false);
    expect(dates.at(-1)).toBe('2025-04-30');
  });

  it('tapers: 2 tablets for 5 days, then 1 from then on', () => {
    const taper = part({
      schedule: {
        kind: 'sequence',
        repeat: false,
        phases: [
          { kind: 'take', days: 5, regimen: daily('08:00', { value: 2 }) },
          { kind: 'take', days: null, regimen: daily('08:00') },
        ],
      },
    });
    const doses = expandPosology(1, [taper], {
      timezone: ZURICH,
      dates: { from: '2025-03-04', to: '2025-03-07' },
    });
    expect(doses.map((d) => [d.date, d.amount.value])).toEqual([
      ['2025-03-04', 2],
      ['2025-03-05', 2],
      ['2025-03-06', 1],
      ['2025-03-07', 1],
    ]);
  });

  it('takes on given weekdays every second week, in two-week cycles from the start', () => {
    // 2025-03-01 is a Saturday: the first cycle's week holds Monday 3 March, the next cycle's 17 March.
    const p = part({
      schedule: {
        kind: 'regular',
        regimen: {
          days: { kind: 'weekdays', weekdays: [1], everyNWeeks: 2 },
          slots: [{ at: '20:00', amount: one }],
        },
      },
    });
    expect(datesOf([p], '2025-03-01', '2025-04-01')).toEqual(['2025-03-03', '2025-03-17', '2025-03-31']);
  });

  it('takes on days of the month and skips a day the month lacks', () => {
    const p = part({
      from: '2025-01-01',
      schedule: {
        kind: 'regular',
        regimen: {
          days: { kind: 'monthDays', days: [10, 31], everyNMonths: 1 },
          slots: [{ at: '08:00', amount: one }],
        },
      },
    });
    expect(datesOf([p], '2025-01-01', '2025-03-15')).toEqual([
      '2025-01-10',
      '2025-01-31',
      '2025-02-10',
      '2025-03-10',
    ]);
  });

  it('takes every third day from the start, and once on the start only', () => {
    const every3 = part({
      schedule: { kind: 'regular', regimen: { ...daily('08:00'), days: { kind: 'everyNDays', n: 3 } } },
    });
    expect(datesOf([every3], '2025-02-27', '2025-03-08')).toEqual(['2025-03-01', '2025-03-04', '2025-03-07']);
    const once = part({
      schedule: { kind: 'regular', regimen: { ...daily('09:00'), days: { kind: 'once' } } },
    });
    expect(datesOf([once], '2025-02-01', '2025-04-01')).toEqual(['2025-03-01']);
  });

  it("places day segments at the patient's own times, in the DST rules", () => {
    const p = part({
      from: null,
      schedule: {
        kind: 'regular',
        regimen: {
          days: { kind: 'daily' },
          slots: [
            { at: 'morning', amount: { value: 0.5 } },
            { at: 'night', amount: { value: 1, max: 2 } },
          ],
        },
      },
    });
    const doses = expandPosology(1, [p], {
      timezone: ZURICH,
      dates: { from: '2025-03-30', to: '2025-03-30' },
      segmentTimes: { morning: '02:30', noon: '12:00', evening: '18:00', night: '21:15' },
    });
    expect(doses).toEqual([
      {
        medicineId: 1,
        date: '2025-03-30',
        time: '02:30',
        scheduledAt: localToUtc('2025-03-30', '03:30', ZURICH),
        amount: { value: 0.5 },
        unit: 'Stk',
        segment: 'morning',
        part: 0,
      },
      {
        medicineId: 1,
        date: '2025-03-30',
        time: '21:15',
        scheduledAt: localToUtc('2025-03-30', '21:15', ZURICH),
        amount: { value: 1, max: 2 },
        unit: 'Stk',
        segment: 'night',
        part: 0,
      },
    ]);
  });

  it('adds the parts up within their own dates and never expands reserve or free text', () => {
    const parts = [
      part({ to: '2025-03-02' }),
      part({ from: '2025-03-02', schedule: { kind: 'regular', regimen: daily('20:00') } }),
      part({ inReserve: true }),
      part({ schedule: { kind: 'freeText', text: 'If palpitations occur, take ½ pill' } }),
    ];
    const doses = expandPosology(1, parts, {
      timezone: ZURICH,
      dates: { from: '2025-03-01', to: '2025-03-03' },
    });
    expect(doses.map((d) => `${d.date} ${d.time} ${d.part}`)).toEqual([
      '2025-03-01 08:00 0',
      '2025-03-02 08:00 0',
      '2025-03-02 20:00 1',
      '2025-03-03 20:00 1',
    ]);
    expect(medicineTypeOf(parts)).toBe(1);
    expect(medicineTypeOf(parts.slice(2))).toBe(2);
  });
});

describe('posologyPartSchema', () => {
  it('accepts the parts above and refuses what cannot be expanded honestly', () => {
    expect(posologyPartSchema.safeParse(part({})).success).toBe(true);
    const issues = (p: unknown) =>
      posologyPartSchema.safeParse(p).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues(part({ from: '2025-03-02', to: '2025-03-01' }))).toEqual([
      'to: The start date is greater than the end date',
    ]);
    expect(
      issues(
        part({
          from: null,
          schedule: { kind: 'regular', regimen: { ...daily('08:00'), days: { kind: 'everyNDays', n: 2 } } },
        }),
      ),
    ).toEqual(['from: This schedule counts its days from a start date']);
    expect(
      issues(
        part({
          schedule: {
            kind: 'sequence',
            repeat: true,
            phases: [
              { kind: 'take', days: null, regimen: daily('08:00') },
              { kind: 'pause', days: 7 },
            ],
          },
        }),
      ),
    ).toEqual([
      'schedule.phases.0.days: Only the last phase of a sequence that is not repeated may last indefinitely',
    ]);
    expect(issues(part({ schedule: { kind: 'regular', regimen: daily('8:00') } }))[0]).toMatch(
      /^schedule\.regimen\.slots\.0\.at/,
    );
    expect(
      issues(part({ schedule: { kind: 'regular', regimen: daily('08:00', { value: 2, max: 1 }) } })),
    ).toEqual(['schedule.regimen.slots.0.amount.max: max must exceed value']);
  });
});
