import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeEmediplan, encodeEmediplan } from '@dosedot/domain/emediplan';
import { describe, expect, it } from 'vitest';
import { type Collected, collectPart, type PlanParts, pastedCode } from './plan-parts';

/** The specification's CHMED23A Example 1 (the domain's fixture), written as one code and cut in three. */
const example = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../domain/src/emediplan/fixtures/chmed23a/example-1.json'),
  'utf8',
);
const decoded = decodeEmediplan(example);
if (!decoded.ok) throw new Error(decoded.error.message);
const whole = encodeEmediplan(decoded.plan, 'CHMED23A').code;
const data = whole.slice('CHMED23A.'.length);
const third = Math.ceil(data.length / 3);
const [one, two, three] = [0, 1, 2].map(
  (i) => `CHMED23A.${i + 1}/3.${data.slice(i * third, (i + 1) * third)}`,
) as [string, string, string];

/** Reads the codes one after the other, as the dialog does: what each adds. */
function readAll(codes: string[]): Collected[] {
  let parts: PlanParts | null = null;
  return codes.map((code) => {
    const result = collectPart(parts, code);
    parts = result.kind === 'partial' ? result.parts : null;
    return result;
  });
}

const counts = (results: Collected[]) =>
  results.map((r) => (r.kind === 'partial' ? `${r.read} of ${r.parts.count}` : r.kind));

describe('collecting a plan in several QR codes', () => {
  it('counts the parts in any order and, with the last, gives the whole code, which reads as the plan', () => {
    const results = readAll([two, three, one]);
    expect(counts(results)).toEqual(['1 of 3', '2 of 3', 'complete']);
    const last = results[2];
    expect(last).toEqual({ kind: 'complete', code: whole });
    const plan = decodeEmediplan(last?.kind === 'complete' ? last.code : '');
    expect(plan.ok && plan.plan.medicines).toEqual(decoded.ok && decoded.plan.medicines);
  });

  it('does not count a part read twice (the camera sees it again)', () => {
    expect(counts(readAll([one, one, ` ${one}\n`, three, two]))).toEqual([
      '1 of 3',
      '1 of 3',
      '1 of 3',
      '2 of 3',
      'complete',
    ]);
  });

  it('starts over with a part of another plan: another count, or another text at a place read', () => {
    const otherCount = `CHMED23A.1/2.${data.slice(0, 10)}`;
    expect(counts(readAll([one, two, otherCount]))).toEqual(['1 of 3', '2 of 3', '1 of 2']);
    const otherText = `CHMED23A.2/3.AAAA${data.slice(0, 10)}`;
    expect(counts(readAll([one, two, otherText, one, three]))).toEqual([
      '1 of 3',
      '2 of 3',
      '1 of 3',
      '2 of 3',
      'complete',
    ]);
  });

  it('hands on a code that is no part at once (a whole plan, or anything the server will name)', () => {
    expect(collectPart(null, whole)).toEqual({ kind: 'whole', code: whole });
    const partial = collectPart(null, one);
    if (partial.kind !== 'partial') throw new Error('a part is partial');
    expect(collectPart(partial.parts, 'CHMED16A1H4sI')).toEqual({ kind: 'whole', code: 'CHMED16A1H4sI' });
    // A place beyond the count is no part either.
    expect(collectPart(null, 'CHMED23A.4/3.abc')).toEqual({ kind: 'whole', code: 'CHMED23A.4/3.abc' });
  });
});

describe('parts pasted at once', () => {
  it('joins the parts of one plan pasted one a line, in any order', () => {
    expect(pastedCode(`${three}\n${one}\r\n  ${two}\n\n`)).toBe(whole);
  });

  it('leaves anything else as it is: one code, a plan file, parts missing', () => {
    expect(pastedCode(`  ${whole}\n`)).toBe(whole);
    const json = '{\n  "patient": {}\n}';
    expect(pastedCode(json)).toBe(json);
    // With a part missing the first is given alone: the server says it is one part of several.
    expect(pastedCode(`${one}\n${three}`)).toBe(one);
  });
});
