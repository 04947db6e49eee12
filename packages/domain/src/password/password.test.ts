import { describe, expect, it } from 'vitest';
import { commonPasswordCheck, isPersonalPassword, passwordProblem } from './index';

describe('new-password rules', () => {
  const person = { email: 'erika.muster@example.test', name: 'Erika Mustermann' };
  const isCommon = commonPasswordCheck(['Password123', 'qwertyuiop']);

  it('names the first rule a password breaks, in the server order', () => {
    expect(passwordProblem('short', person, isCommon)).toBe('too_small');
    expect(passwordProblem('x'.repeat(257), person, isCommon)).toBe('too_big');
    expect(passwordProblem('erika.muster-2026', person, isCommon)).toBe('password_personal');
    expect(passwordProblem('mustermann77', person, isCommon)).toBe('password_personal');
    expect(passwordProblem('PASSWORD123', person, isCommon)).toBe('password_common');
    expect(passwordProblem('quiet lantern harbour', person, isCommon)).toBeUndefined();
  });

  it('judges without the list until it has loaded', () => {
    expect(passwordProblem('qwertyuiop', person)).toBeUndefined();
    expect(passwordProblem('qwertyuiop', person, isCommon)).toBe('password_common');
  });

  it('ignores name parts shorter than three letters', () => {
    expect(isPersonalPassword('al-capone-rocks', { name: 'Al B' })).toBe(false);
  });
});
