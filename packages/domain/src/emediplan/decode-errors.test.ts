import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import compressed16 from './fixtures/chmed16a/spec-example-compressed.json';
import example1 from './fixtures/chmed23a/example-1.json';
import {
  decodeEmediplan,
  encodeEmediplan,
  importedPlanSchema,
  joinChunks,
  MAX_JSON_BYTES,
  planPatientMatch,
} from './index';
import { fromBase64, toBase64 } from './transport';

/*
 * Bad input answers a typed error with the path of what is wrong, never a plan and never a throw:
 * a truncated, wrongly encoded or oversized code, or a plan whose fields are not what the format says.
 */

const errorOf = (input: string, maxBytes?: number) => {
  const result = decodeEmediplan(input, maxBytes);
  return result.ok ? 'decoded' : `${result.error.code} @ ${result.error.path}`;
};
const gz = (bytes: Uint8Array) => toBase64(gzipSync(bytes, { mtime: 0 }));
const utf8 = (text: string) => strToU8(text);

describe('decodeEmediplan refuses', () => {
  const code = compressed16.code;

  it('nothing, or text that is not an eMediplan code', () => {
    expect(errorOf('   ')).toBe('empty @ code');
    expect(errorOf('https://example.org/plan')).toBe('notEmediplan @ code');
    expect(errorOf('CHMED20AF1abc')).toBe('unsupportedVersion @ code');
    expect(errorOf('CHMED16B1H4sI')).toBe('unsupportedVersion @ code');
    expect(errorOf('CHMED16A')).toBe('truncated @ code');
  });

  it('a code cut short anywhere', () => {
    for (const keep of [12, 40, 200, code.length - 30, code.length - 5]) {
      expect(errorOf(code.slice(0, keep)), `${keep} characters`).toBe('truncated @ code');
    }
  });

  it('characters base64 does not use, and base64 that is not gzip', () => {
    expect(errorOf(`${code.slice(0, 50)}*${code.slice(51)}`)).toBe('badBase64 @ code');
    expect(errorOf(`CHMED16A1${toBase64(utf8('{"Medicaments":[]}'))}`)).toBe('notGzip @ code');
  });

  it('a damaged code', () => {
    const bytes = fromBase64(code.slice(9));
    bytes.fill(0xff, 30, 60);
    expect(errorOf(`CHMED16A1${toBase64(bytes)}`)).toBe('corrupt @ code');
  });

  it('a plan larger than the cap once unpacked, before unpacking all of it', () => {
    const bomb = `CHMED23A.${gz(utf8(`{"meds":[],"rmk":"${'x'.repeat(5_000_000)}"}`))}`;
    expect(bomb.length).toBeLessThan(20_000);
    expect(errorOf(bomb)).toBe('oversized @ code');
    expect(errorOf(bomb, 10_000_000)).toBe('decoded');
    expect(MAX_JSON_BYTES).toBe(1_000_000);
    expect(errorOf('x'.repeat(1_000_001))).toBe('oversized @ code');
  });

  it('a plan not written in UTF-8, and text that is not JSON', () => {
    const latin1 = Uint8Array.from('{"Patient":{"LName":"Müller"}}', (c) => c.charCodeAt(0));
    expect(errorOf(`CHMED16A1${gz(latin1)}`)).toBe('wrongEncoding @ code');
    expect(errorOf(`CHMED16A1${gz(utf8('{"Patient":'))}`)).toBe('notJson @ code');
    expect(errorOf('CHMED16A0{"Patient":')).toBe('notJson @ code');
  });

  it('fields that are not what the format says, naming them', () => {
    const plan23 = (meds: unknown) => JSON.stringify({ ...example1, meds });
    expect(errorOf(plan23([{ idType: 2 }]))).toBe('invalid @ meds.0.id');
    expect(errorOf(plan23([{ id: 'x', idType: 9 }]))).toBe('invalid @ meds.0.idType');
    expect(errorOf(plan23([{ id: 'x', pos: [{ dtFrom: '2024-13-01', po: { t: 2, text: 'a' } }] }]))).toBe(
      'invalid @ meds.0.pos.0.dtFrom',
    );
    expect(
      errorOf(plan23([{ id: 'x', pos: [{ dtFrom: '2024-02-02', dtTo: '2024-02-01', po: { t: 1 } }] }])),
    ).toBe('invalid @ meds.0.pos.0.dtTo');
    expect(errorOf(plan23({}))).toBe('invalid @ meds');
    expect(errorOf('CHMED16A0{"Medicaments":[{"Id":"1","IdType":2,"Pos":[{"D":[1,"x"]}]}]}')).toBe(
      'invalid @ Medicaments.0.Pos.0.D.1',
    );
    expect(errorOf('{"something":"else"}')).toBe('invalid @ $');
    expect(errorOf('[1,2]')).toBe('notEmediplan @ code');
  });

  it('a posology past the model’s limits: kept as text with its original, or refused when even that cannot be', () => {
    const withPos = (pos: unknown) =>
      decodeEmediplan(JSON.stringify({ ...example1, meds: [{ id: 'x', idType: 1, pos: [pos] }] }));
    const times = Array.from({ length: 30 }, (_, i) => ({
      dt: `${String(i % 24).padStart(2, '0')}:${i < 24 ? '00' : '30'}`,
      do: { t: 1, a: 1 },
    }));
    const many = { t: 4, cyDuU: 4, cyDu: 1, tdo: { t: 2, ts: times }, tdpc: 1 };
    const long = { t: 2, text: 'x'.repeat(3000) };
    for (const po of [many, long]) {
      const result = withPos({ dtFrom: '2024-01-01', po, unit: 'Stk' });
      expect(result.ok && result.plan.medicines[0]?.posology[0]?.schedule).toEqual({
        kind: 'freeText',
        text: '',
        unsupported: { format: 'CHMED23A', source: po, reason: 'unknown' },
      });
    }
    const unit = withPos({ po: { t: 1, ds: [1, 0, 0, 0] }, unit: 'u'.repeat(50) });
    expect(unit.ok ? 'decoded' : `${unit.error.code} @ ${unit.error.path}`).toBe(
      'invalid @ meds.0.pos.0.unit',
    );
  });

  it('one chunk of a plan in several codes, which joinChunks puts together', () => {
    const whole = encodeEmediplan(
      (decodeEmediplan(JSON.stringify(example1)) as { ok: true; plan: never }).plan,
      'CHMED23A',
    );
    const data = whole.code.slice('CHMED23A.'.length);
    const third = Math.ceil(data.length / 3);
    const chunks = [0, 1, 2].map((i) => `CHMED23A.${i + 1}/3.${data.slice(i * third, (i + 1) * third)}`);
    expect(errorOf(chunks[1] as string)).toBe('chunk @ code');
    expect(joinChunks([chunks[2], chunks[0], chunks[1]] as string[])).toBe(whole.code);
    expect(() => joinChunks([chunks[0], chunks[2]] as string[])).toThrow(/missing/);
  });
});

describe('encodeEmediplan', () => {
  it('writes the date of issue and the patient’s language it is given, and refuses a plan without a date', () => {
    const decoded = decodeEmediplan(JSON.stringify(example1));
    if (!decoded.ok) throw new Error(decoded.error.message);
    const plan = { ...decoded.plan, issuedAt: null };
    const options = { issuedAt: '2026-11-26T05:00:00+01:00', language: 'fr' };
    expect(JSON.parse(encodeEmediplan(plan, 'CHMED23A', options).json)).toMatchObject({
      dt: options.issuedAt,
      patient: { fName: 'Alice', lng: 'fr' },
      medType: 1,
      auth: 2,
    });
    expect(JSON.parse(encodeEmediplan(plan, 'CHMED16A', options).json)).toMatchObject({
      Dt: options.issuedAt,
      Patient: { FName: 'Alice', Lng: 'fr' },
      MedType: 1,
    });
    expect(() => encodeEmediplan(plan, 'CHMED16A')).toThrow(/date of issue/);
  });
});

describe('importedPlanSchema', () => {
  it('accepts a decoded plan and refuses a medicine with neither name nor identifier, naming the field', () => {
    const decoded = decodeEmediplan(JSON.stringify(example1));
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(importedPlanSchema.safeParse(decoded.plan).success).toBe(true);
    const nameless = { ...decoded.plan.medicines[0], name: null, identifier: null };
    const issues = importedPlanSchema.safeParse({ ...decoded.plan, medicines: [nameless] }).error?.issues;
    expect(issues?.map((i) => i.path.join('.'))).toEqual(['medicines.0.name']);
  });
});

describe('planPatientMatch', () => {
  const profile = { firstName: 'Maxima', lastName: 'Matter', birthDate: '1981-01-12' };
  it('is the same patient whatever the case, accents and spaces', () => {
    expect(
      planPatientMatch({ firstName: 'MAXIMA ', lastName: 'Mättér', birthDate: '1981-01-12' }, profile),
    ).toBe('same');
  });
  it('asks when a name or the birth date differs, or one is missing', () => {
    expect(planPatientMatch({ ...profile, birthDate: '1981-01-13' }, profile)).toBe('different');
    expect(planPatientMatch({ ...profile, lastName: 'Muster' }, profile)).toBe('different');
    expect(planPatientMatch({ ...profile, birthDate: null }, profile)).toBe('unknown');
    expect(planPatientMatch(profile, { ...profile, firstName: '' })).toBe('unknown');
  });
});
