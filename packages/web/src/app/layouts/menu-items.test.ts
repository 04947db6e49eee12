import type { AuthUser } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { menuItemsFor } from './menu-items';

const user = (role: 'admin' | 'basic', healthData = false): AuthUser => ({
  id: 1,
  username: 'Test Person',
  email: 't@example.test',
  provider: 'local',
  confirmed: true,
  blocked: false,
  profile_img: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  meta: { role, healthData },
});

const keys = (u: AuthUser) => menuItemsFor(u).map((i) => i.key);

describe('side menu by user type', () => {
  it('gives a basic user Dashboard, My Medicine and Cumulative Chart', () => {
    expect(keys(user('basic'))).toEqual(['dashboard', 'myMedicine', 'cumulativeChart']);
  });
  it('gives the admin Dashboard, My Medicine, Devices and Users (the patient list)', () => {
    expect(keys(user('admin'))).toEqual(['dashboard', 'myMedicine', 'devices', 'users']);
    expect(menuItemsFor(user('admin')).find((i) => i.key === 'users')?.path).toBe('/patient-list');
  });
  it('adds My Health Data for the health-data user', () => {
    expect(keys(user('basic', true))).toEqual(['dashboard', 'myMedicine', 'cumulativeChart', 'myHealthData']);
  });
  it('adds Caregiving for someone who cares for a patient', () => {
    expect(keys(user('basic'))).not.toContain('caregiving');
    expect(menuItemsFor(user('basic'), true).map((i) => i.key)).toEqual([
      'dashboard',
      'myMedicine',
      'cumulativeChart',
      'caregiving',
    ]);
    expect(menuItemsFor(user('admin'), true).find((i) => i.key === 'caregiving')?.path).toBe('/caregiving');
  });
  it('offers no Cumulative Chart while a caregiver reads a patient’s data (it shows one’s own only)', () => {
    expect(menuItemsFor(user('basic'), true, true).map((i) => i.key)).toEqual([
      'dashboard',
      'myMedicine',
      'caregiving',
    ]);
  });
});
