import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../../../../server/src/lib/password-policy';
import { loadStrengthJudge } from './password-strength';

describe('the strength meter judges as the server does', () => {
  it('refuses what the server refuses, in the server order', async () => {
    const judge = await loadStrengthJudge();
    const person = { email: 'erika.muster@example.test', name: 'Erika Mustermann' };
    expect(judge.judge('short', person)).toEqual({ kind: 'refused', problem: 'too_small' });
    expect(judge.judge('mustermann-2026', person)).toEqual({ kind: 'refused', problem: 'password_personal' });
    expect(judge.judge('Password123', person)).toEqual({ kind: 'refused', problem: 'password_common' });
    expect(judge.judge('quiet lantern harbour 42', person)).toEqual({ kind: 'accepted', score: 4 });
  });

  it('calls a password common exactly when the server does', async () => {
    const judge = await loadStrengthJudge();
    const list = dictionary['passwords-common'];
    // Every 97th entry of 10 characters or more, and near misses the list does not hold.
    const samples = list.filter((p, i) => p.length >= 10 && i % 97 === 0).slice(0, 200);
    expect(samples.length).toBeGreaterThan(20);
    for (const password of [...samples, ...samples.map((p) => `${p}~x`)]) {
      const meter = judge.judge(password, {});
      const common = meter.kind === 'refused' && meter.problem === 'password_common';
      expect(common, password).toBe(isCommonPassword(password));
    }
  });
});
