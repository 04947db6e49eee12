import { describe, expect, it } from 'vitest';
import { allows, hasHealthDataAccess, POLICIES, type Principal } from './policies';

const admin: Principal = { role: 'admin', healthData: false };
const patient: Principal = { role: 'basic', healthData: false };
const special: Principal = { role: 'basic', healthData: true };

describe('policies', () => {
  it('lets only administrators through the admin policy', () => {
    expect([admin, patient, special].map((p) => allows(p, 'admin'))).toEqual([true, false, false]);
  });
  it('lets only listed users into health data', () => {
    expect([admin, patient, special].map((p) => allows(p, 'healthData'))).toEqual([false, false, true]);
  });
  it('shows the cumulative chart to patients, not to a plain admin', () => {
    expect([admin, patient, special].map((p) => allows(p, 'cumulativeChart'))).toEqual([false, true, true]);
  });
  it('refuses everything without a user', () => {
    for (const policy of Object.keys(POLICIES) as (keyof typeof POLICIES)[]) {
      expect(allows(undefined, policy)).toBe(false);
    }
  });
  it('compares health-data addresses case-insensitively', () => {
    expect(hasHealthDataAccess('Heidi.Keller@Example.ch', ['heidi.keller@example.ch'], true)).toBe(true);
    expect(hasHealthDataAccess('anna@example.ch', ['heidi.keller@example.ch'], true)).toBe(false);
    // A listed address counts only once its owner has confirmed it.
    expect(hasHealthDataAccess('heidi.keller@example.ch', ['heidi.keller@example.ch'], false)).toBe(false);
  });
});
