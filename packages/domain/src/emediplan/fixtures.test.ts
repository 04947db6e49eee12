import { describe, expect, it } from 'vitest';
import { expandPosology } from '../posology/expand';
import { medicineTypeOf, type PosologyPart, posologySchema } from '../posology/model';
import { describePart, renderPhrase } from '../posology/words';
import compressed16 from './fixtures/chmed16a/spec-example-compressed.json';
import uncompressed16 from './fixtures/chmed16a/spec-example-uncompressed.json';
import example1 from './fixtures/chmed23a/example-1.json';
import example2 from './fixtures/chmed23a/example-2.json';
import example3 from './fixtures/chmed23a/example-3.json';
import example4 from './fixtures/chmed23a/example-4.json';
import posologyExamples from './fixtures/chmed23a/posology-examples.json';
import transmission23 from './fixtures/chmed23a/transmission-format-example.json';
import { decodeEmediplan, encodeEmediplan, type ImportedPlan, importedPlanSchema } from './index';

/*
 * The specification's own examples (fixtures/SOURCES.md): each decodes to the schedules its text
 * describes, and decode → encode → decode gives the same plan.
 */

function decoded(text: string): ImportedPlan {
  const result = decodeEmediplan(text);
  if (!result.ok) throw new Error(`${result.error.code} at ${result.error.path}: ${result.error.message}`);
  return result.plan;
}

const words = (part: PosologyPart) =>
  describePart(part).map((p) => renderPhrase(p, 'en').replaceAll('\u00a0', ' '));
const summary = (plan: ImportedPlan) =>
  plan.medicines.map((m) => ({
    medicine: m.name ?? `${m.identifier?.type} ${m.identifier?.value}`,
    type: m.posology.length === 0 ? 2 : medicineTypeOf(m.posology),
    posology: m.posology.map(words),
  }));

function expectRoundTrip(plan: ImportedPlan) {
  for (const m of plan.medicines)
    expect(posologySchema.safeParse(m.posology).success || m.posology.length === 0).toBe(true);
  expect(importedPlanSchema.parse(plan)).toEqual(plan);
  const encoded = encodeEmediplan(plan, plan.format);
  expect(encoded.lost).toEqual([]);
  expect(decoded(encoded.code)).toEqual(plan);
  expect(decoded(encoded.json)).toEqual(plan);
}

describe('CHMED16A: the specification example', () => {
  const plan = decoded(compressed16.code);

  it('reads the patient and six medicaments named by Pharmacode with their D doses', () => {
    expect(plan.patient).toEqual({ firstName: 'Maxima', lastName: 'Matter', birthDate: '1981-01-12' });
    expect(plan.issuedAt).toBe('2016-09-12T11:46:09+02:00');
    expect(plan.medicines.map((m) => [m.identifier, m.reason])).toEqual([
      [{ type: 'pharmacode', value: '971867' }, 'Akne'],
      [{ type: 'pharmacode', value: '4461382' }, 'Blutverdünnung'],
      [{ type: 'pharmacode', value: '2355687' }, 'Bluthochdruck/Herz'],
      [{ type: 'pharmacode', value: '1426310' }, 'Cholesterinsenker'],
      [{ type: 'pharmacode', value: '809693' }, 'Bluthochdruck/Wasser'],
      [{ type: 'pharmacode', value: '1551274' }, 'Bluthochdruck/Wasser'],
    ]);
    expect(summary(plan).map((m) => [m.type, m.posology])).toEqual([
      [2, [['The plan gives no doses for this line', 'From Sep 12, 2016']]],
      [1, [['Every day: 1 STK at noon', 'From Feb 10, 2016']]],
      [1, [['Every day: 1 STK in the morning and 1 STK in the evening', 'From Feb 10, 2016']]],
      [1, [['Every day: 1 STK in the evening', 'From Feb 10, 2016']]],
      [1, [['Every day: 1 STK in the morning', 'From Feb 10, 2016']]],
      [1, [['Every day: 1 STK in the morning', 'From Feb 10, 2016']]],
    ]);
  });

  it('reads the same plan from the uncompressed CHMED16A0 form', () => {
    expect(decoded(uncompressed16.code)).toEqual(plan);
  });

  it('round-trips, the line without doses kept as the plan wrote it', () => {
    expectRoundTrip(plan);
    const again = JSON.parse(encodeEmediplan(plan, 'CHMED16A').json);
    expect(again.Medicaments[0].Pos).toEqual([{ D: [0, 0, 0, 0], DtFrom: '2016-09-12' }]);
  });
});

describe('CHMED16A: taking times over a cycle of days', () => {
  it('reads 21 days on and 7 off at 21:00 as a repeated sequence of two phases', () => {
    const TT = Array.from({ length: 21 }, (_, day) => ({ Off: day * 86_400 + 21 * 3600, DoFrom: 1 }));
    const pos = { DtFrom: '2024-01-01', CyDu: 28 * 86_400, TT };
    const plan = decoded(
      `CHMED16A0${JSON.stringify({ Dt: '2024-01-01T08:00:00+01:00', Medicaments: [{ Id: 'Pille', IdType: 1, Unit: 'Stk', Pos: [pos] }] })}`,
    );
    expect(words(plan.medicines[0]?.posology[0] as PosologyPart)).toEqual([
      'For 21 days — Every day: 1 Stk at 21:00',
      'Then a pause of 7 days',
      'Then start again',
      'From Jan 1, 2024',
    ]);
    expectRoundTrip(plan);
  });

  it('reads a weekly cycle with the same doses on its days as weekdays, and one with others as a sequence', () => {
    // 2024-01-01 is a Monday: offsets on days 0 and 3 are Monday and Thursday.
    const week = (TT: unknown[]) =>
      decoded(
        `CHMED16A0${JSON.stringify({ Dt: '2024-01-01T08:00:00+01:00', Medicaments: [{ Id: 'X', IdType: 1, Pos: [{ DtFrom: '2024-01-01', CyDu: 604_800, TT }] }] })}`,
      );
    const same = week([
      { Off: 8 * 3600, DoFrom: 1 },
      { Off: 3 * 86_400 + 8 * 3600, DoFrom: 1 },
    ]);
    expect(words(same.medicines[0]?.posology[0] as PosologyPart)[0]).toBe(
      'On Monday and Thursday: 1 at 08:00',
    );
    const other = week([
      { Off: 8 * 3600, DoFrom: 1 },
      { Off: 3 * 86_400 + 8 * 3600, DoFrom: 2 },
    ]);
    expect(words(other.medicines[0]?.posology[0] as PosologyPart)).toEqual([
      'For 1 day — Every day: 1 at 08:00',
      'Then a pause of 2 days',
      'For 1 day — Every day: 2 at 08:00',
      'Then a pause of 3 days',
      'Then start again',
      'From Jan 1, 2024',
    ]);
    expectRoundTrip(same);
    expectRoundTrip(other);
  });
});

describe('CHMED23A: the specification examples', () => {
  it('Example 1: daily doses, a weekly and a thrice-daily one without times kept as text', () => {
    const plan = decoded(JSON.stringify(example1));
    expect(plan.patient).toEqual({ firstName: 'Alice', lastName: 'Louloui', birthDate: '1945-01-19' });
    expect(summary(plan)).toEqual([
      {
        medicine: 'productNumber 1246564',
        type: 1,
        posology: [['Every day: 1 Stk in the morning and 1 Stk in the evening']],
      },
      {
        medicine: 'pharmacode 5292958',
        type: 1,
        posology: [['Every day: 1 Stk in the evening', 'From May 25, 2012']],
      },
      {
        medicine: 'gtin 7680334810013',
        type: 2,
        posology: [['The plan gives no time or day for these doses', 'From Sep 20, 2023 to Apr 30, 2024']],
      },
      { medicine: 'productNumber 1512856', type: 1, posology: [['Every day: 1 Stk at 09:00']] },
      {
        medicine: 'gtin 7680473440263',
        type: 2,
        posology: [['The plan gives a number of doses per period without saying when']],
      },
    ]);
    expect(plan.medicines[2]?.instructions).toMatch(/^Dose using the dosing pipette/);
    expectRoundTrip(plan);
  });

  it('Example 2: weekdays, a repeated sequence with pauses, every two weeks, once, free text in reserve', () => {
    const plan = decoded(JSON.stringify(example2));
    expect(plan.remark).toBe('Please measure your blood pressure daily.');
    expect(summary(plan)).toEqual([
      {
        medicine: 'gtin 7680549490031',
        type: 1,
        posology: [['On Tuesday and Thursday: 1 Stk at 07:30'], ['On Saturday: 1 Stk at 09:00']],
      },
      {
        medicine: 'gtin 7680216930020',
        type: 1,
        posology: [
          [
            'For 2 days — Every day: ½ Stk in the evening',
            'Then a pause of 1 day',
            'For 3 days — Every day: ¾ Stk in the evening',
            'Then a pause of 1 day',
            'Then start again',
            'From Jan 10, 2024 to Feb 29, 2024',
          ],
        ],
      },
      {
        medicine: 'gtin 7680656220026',
        type: 1,
        posology: [['On Monday, every 2 weeks: 1 Stk at 20:00', 'From Nov 12, 2023']],
      },
      {
        medicine: 'gtin 7680562030092',
        type: 1,
        posology: [
          ['Once: 1 Stk at 09:00', 'From Feb 2, 2024 to Feb 2, 2024'],
          ['Every day: 1 Stk at 08:00 and 1 Stk at 20:00', 'From Mar 6, 2024 to Mar 11, 2024'],
        ],
      },
      {
        medicine: 'gtin 7680302190581',
        type: 2,
        posology: [['The plan gives no time or day for these doses']],
      },
      {
        medicine: 'gtin 7680540300100',
        type: 2,
        posology: [
          [
            'If needed',
            'If palpitations occur, take ½ pill and wait 30 minutes. If palpitations persist, take another ½ pill and wait another 30 minutes. If it does not get better, contact a doctor.',
            'From Jul 6, 2022',
          ],
        ],
      },
      {
        medicine: 'Imagikin',
        type: 2,
        posology: [
          ['The plan gives no time or day for these doses', 'From Nov 10, 2023'],
          ['If needed', 'On Monday: 2 gtt at 18:00', 'From Feb 2, 2024 to Feb 18, 2024'],
        ],
      },
    ]);
    expectRoundTrip(plan);
  });

  it('Example 2: the doses it schedules are the ones its text describes', () => {
    const plan = decoded(JSON.stringify(example2));
    const doses = (i: number, from: string, to: string) =>
      expandPosology(i, plan.medicines[i]?.posology ?? [], {
        timezone: 'Europe/Zurich',
        dates: { from, to },
      }).map((d) => `${d.date} ${d.time} ${d.amount.value}`);
    // SINTROM from 10.01.2024: 2 days ½ in the evening, 1 day pause, 3 days ¾, 1 day pause, again.
    expect(doses(1, '2024-01-09', '2024-01-18')).toEqual([
      '2024-01-10 18:00 0.5',
      '2024-01-11 18:00 0.5',
      '2024-01-13 18:00 0.75',
      '2024-01-14 18:00 0.75',
      '2024-01-15 18:00 0.75',
      '2024-01-17 18:00 0.5',
      '2024-01-18 18:00 0.5',
    ]);
    // REPATHA every 2 weeks on Monday at 20:00, from Sunday 12.11.2023.
    expect(doses(2, '2023-11-12', '2023-12-12')).toEqual([
      '2023-11-13 20:00 1',
      '2023-11-27 20:00 1',
      '2023-12-11 20:00 1',
    ]);
    // AMOXICILLIN once at 09:00 on 02.02.2024.
    expect(doses(3, '2024-01-01', '2024-03-05')).toEqual(['2024-02-02 09:00 1']);
  });

  it('Example 3: a plan written by the patient, nothing it can schedule without a time or start', () => {
    const plan = decoded(JSON.stringify(example3));
    expect(summary(plan)).toEqual([
      {
        medicine: 'gtin 7680298120012',
        type: 2,
        posology: [['The plan gives no time or day for these doses']],
      },
      {
        medicine: 'gtin 7680662560024',
        type: 2,
        posology: [['The plan gives a shortest interval between doses', 'From Jan 18, 2024 to Jan 20, 2024']],
      },
      {
        medicine: 'gtin 7680563180079',
        type: 2,
        posology: [['If needed', 'The plan gives a shortest interval between doses', 'From Jan 18, 2024']],
      },
      // LADONNA: 21 days at 09:00 then 7 days pause, but the JSON gives no dtFrom to count from.
      {
        medicine: 'gtin 7680594920033',
        type: 2,
        posology: [['The plan gives no start date to count this schedule from']],
      },
    ]);
    expectRoundTrip(plan);
  });

  it('Example 4: a taper in four posologies, a range in reserve, drops at 21:00', () => {
    const plan = decoded(JSON.stringify(example4));
    expect(summary(plan)).toEqual([
      {
        medicine: 'gtin 7680388400376',
        type: 1,
        posology: [
          ['Every day: ¼ Stk in the morning and ¼ Stk in the evening', 'From Feb 8, 2024 to Feb 10, 2024'],
          ['Every day: ½ Stk in the morning and ½ Stk in the evening', 'From Feb 11, 2024 to Feb 13, 2024'],
          ['Every day: ¾ Stk in the morning and ¾ Stk in the evening', 'From Feb 14, 2024 to Feb 16, 2024'],
          ['Every day: 1 Stk in the morning and 1 Stk in the evening', 'From Feb 17, 2024'],
        ],
      },
      {
        medicine: 'gtin 7680563180079',
        type: 2,
        posology: [
          ['If needed', 'Every day: 1–2 Stk in the morning and 1–2 Stk in the evening', 'From Feb 8, 2024'],
        ],
      },
      {
        medicine: 'gtin 7680552740055',
        type: 1,
        posology: [['Every day: 20 gtt at 21:00', 'From Feb 8, 2024 to Feb 28, 2024']],
      },
      {
        medicine: 'gtin 7680362030131',
        type: 2,
        posology: [['If needed', 'Every day: ½ Stk at night', 'From Feb 8, 2024']],
      },
    ]);
    expectRoundTrip(plan);
  });

  it('refuses the transmission-format example, written with an earlier draft’s field names', () => {
    expect(decodeEmediplan(transmission23.code)).toEqual({
      ok: false,
      error: { code: 'invalid', path: '$', message: 'This is not a CHMED23A plan: no patient, no meds' },
    });
  });
});

describe('CHMED23A: the posology examples of posology.md', () => {
  const examples = posologyExamples as {
    section: string;
    kind: 'po' | 'tdo' | 'do' | 'so';
    json: Record<string, unknown>;
  }[];
  const daily = (tdo: unknown) => ({ t: 4, cyDuU: 4, cyDu: 1, tdo, tdpc: 1 });
  const wrap = ({ kind, json }: (typeof examples)[number]): unknown => {
    if (kind === 'po') return json;
    if (kind === 'so') return { t: 5, sos: [json, { t: 2, duU: 4, du: 7 }] };
    if (kind === 'do') return daily({ t: 2, ts: [{ dt: '08:00:00', do: json }] });
    if (json.t === 4) return { t: 4, cyDuU: 5, cyDu: 1, tdo: json, tdpc: 1 };
    if (json.t === 5) return { t: 4, cyDuU: 6, cyDu: 1, tdo: json, tdpc: 1 };
    return daily(json);
  };
  const planOf = (po: unknown) => ({
    patient: { fName: 'Dora', lName: 'Graber', bdt: '1954-12-01' },
    meds: [{ id: 'Med1', idType: 1, pos: [{ dtFrom: '2024-01-01', po, unit: 'Stk' }] }],
    medType: 1,
    auth: 2,
    dt: '2024-01-01T08:00:00+01:00',
  });

  it('reads each as the schedule its sentence says, or as text with the reason', () => {
    const read = Object.fromEntries(
      examples.map((e) => {
        const plan = decoded(JSON.stringify(planOf(wrap(e))));
        expectRoundTrip(plan);
        const part = plan.medicines[0]?.posology[0] as PosologyPart;
        return [e.section, words(part).slice(0, -1).join(' / ')];
      }),
    );
    expect(read).toEqual({
      Daily: 'Every day: 1½ Stk in the morning and 2 Stk in the evening',
      FreeText:
        'Take one pill. Wait one hour. If symptoms persist, take a second pill and wait 30 minutes. If symptoms persist, contact doctor.',
      Single: 'The plan gives no time or day for these doses',
      Cyclic: 'The plan gives a number of doses per period without saying when',
      Sequence: 'The plan gives no time or day for these doses',
      DosageOnly: 'The plan gives no time or day for these doses',
      Times: 'Every day: 1 Stk at 08:00',
      DaySegments: 'Every day: 1 Stk in the evening',
      WeekDays: 'The plan gives no time or day for these doses',
      DaysOfMonth: 'The plan gives no time or day for these doses',
      Interval: 'The plan gives a shortest interval between doses',
      DosageSimple: 'Every day: 1 Stk at 08:00',
      DosageFromTo: 'The plan gives a dose that changes while it is given',
      DosageRange: 'Every day: 1–3 Stk at 08:00',
      PosologySequence: 'The plan gives no time or day for these doses',
      Pause: 'The plan gives no doses for this line',
    });
  });

  it('schedules the sequence and weekday examples once they give a time', () => {
    const at8 = { t: 2, ts: [{ dt: '08:00:00', do: { t: 1, a: 1 } }] };
    const plan = decoded(
      JSON.stringify(
        planOf({
          t: 5,
          sos: [
            { t: 1, po: { t: 4, cyDuU: 4, cyDu: 1, tdo: at8, tdpc: 1 }, duU: 4, du: 21 },
            { t: 2, duU: 4, du: 7 },
          ],
        }),
      ),
    );
    expect(words(plan.medicines[0]?.posology[0] as PosologyPart)).toEqual([
      'For 21 days — Every day: 1 Stk at 08:00',
      'Then a pause of 7 days',
      'Then start again',
      'From Jan 1, 2024',
    ]);
    const weekdays = decoded(
      JSON.stringify(planOf({ t: 4, cyDuU: 5, cyDu: 1, tdo: { t: 4, wds: [1, 3, 5], tdo: at8 } })),
    );
    expect(words(weekdays.medicines[0]?.posology[0] as PosologyPart)[0]).toBe(
      'On Monday, Wednesday, and Friday: 1 Stk at 08:00',
    );
  });
});
