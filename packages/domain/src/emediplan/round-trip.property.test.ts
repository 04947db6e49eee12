import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyDate, anyPart } from '../posology/arbitraries';
import { expandPosology } from '../posology/expand';
import type { PosologyPart } from '../posology/model';
import { addDays } from '../time/dates';
import {
  decodeEmediplan,
  type EmediplanFormat,
  encodeEmediplan,
  type ImportedMedicine,
  type ImportedPlan,
} from './index';

/*
 * Any plan DoseDot can hold, written in either format and read back, schedules the same doses on
 * every day (the parts the format cannot say are the ones it lists as lost, nothing else goes
 * missing); and a plan read from a code comes back the same through encode → decode.
 */

const anyName = fc.oneof(
  fc.record({ name: fc.constantFrom('Ibuprofen 400', 'Vitamin D3 Öl'), identifier: fc.constant(null) }),
  fc.record({
    name: fc.constant(null),
    identifier: fc.record({
      type: fc.constantFrom('gtin' as const, 'pharmacode' as const),
      value: fc.constant('7680563180079'),
    }),
  }),
);
const anyMedicine: fc.Arbitrary<ImportedMedicine> = fc
  .record({
    id: anyName,
    reason: fc.option(fc.constantFrom('Schmerzen', 'Blutdruck'), { nil: null }),
    instructions: fc.option(fc.constantFrom('Nach dem Essen', 'Mit Wasser'), { nil: null }),
    selfMedication: fc.boolean(),
    posology: fc.array(
      fc
        .tuple(anyPart, fc.boolean(), fc.constantFrom('Stk', 'ml', null))
        .map(([part, inReserve, unit]): PosologyPart => ({ ...part, inReserve, unit })),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ id, ...rest }) => ({ ...id, ...rest }));
const anyPlan = (format: EmediplanFormat): fc.Arbitrary<ImportedPlan> =>
  fc.record({
    format: fc.constant(format),
    patient: fc.record({
      firstName: fc.constantFrom('Dora', 'Zoë'),
      lastName: fc.constant('Graber'),
      birthDate: fc.constant('1954-12-01'),
    }),
    issuedAt: fc.constant('2024-01-01T08:00:00+01:00'),
    remark: fc.option(fc.constant('Bitte Blutdruck messen'), { nil: null }),
    medicines: fc.array(anyMedicine, { minLength: 1, maxLength: 3 }),
  });

function decoded(code: string): ImportedPlan {
  const result = decodeEmediplan(code);
  if (!result.ok) throw new Error(`${result.error.code} at ${result.error.path}: ${result.error.message}`);
  return result.plan;
}

const doses = (posology: readonly PosologyPart[], from: string) =>
  expandPosology(0, posology, {
    timezone: 'Europe/Zurich',
    dates: { from, to: addDays(from, 400) },
  })
    .map((d) => `${d.date} ${d.time} ${d.scheduledAt} ${d.amount.value}-${d.amount.max ?? ''} ${d.unit}`)
    .sort();

describe.each(['CHMED23A', 'CHMED16A'] as const)('%s round trip', (format) => {
  it('schedules the same doses after encode → decode, losing only what it lists', () => {
    fc.assert(
      fc.property(anyPlan(format), anyDate, (plan, from) => {
        const encoded = encodeEmediplan(plan, format);
        const back = decoded(encoded.code);
        expect(back.medicines).toHaveLength(plan.medicines.length);
        plan.medicines.forEach((medicine, i) => {
          const kept = medicine.posology.filter(
            (_, p) => !encoded.lost.some((l) => l.medicine === i && l.part === p),
          );
          expect(doses(back.medicines[i]?.posology ?? [], from)).toEqual(doses(kept, from));
        });
        expect(back.patient).toEqual(plan.patient);
        // A plan as read from a code comes back the same: decode → encode → decode.
        const again = encodeEmediplan(back, format);
        expect(again.lost).toEqual([]);
        expect(decoded(again.code)).toEqual(back);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('loses nothing of a plan of daily times, weekdays and days (in the 2023 format, of months and units too)', () => {
    const simple = anyPlan(format).filter((plan) =>
      plan.medicines.every((m) =>
        m.posology.every(
          (p) =>
            (format === 'CHMED23A' || p.unit === m.posology[0]?.unit) &&
            p.schedule.kind === 'regular' &&
            p.schedule.regimen.slots.every((s) => /^\d/.test(s.at) && s.amount.max === undefined) &&
            (format === 'CHMED23A' || p.schedule.regimen.days.kind !== 'monthDays'),
        ),
      ),
    );
    fc.assert(
      fc.property(simple, (plan) => {
        expect(encodeEmediplan(plan, format).lost).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
