import type { Profile } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { changesOf, formValuesOf, profileFormSchema, timeZones } from './profile-form';

const profile: Profile = {
  id: 1,
  userid: 2,
  profileuid: 'c0ffee00-0000-4000-8000-000000000001',
  givenname: 'Anna',
  familyname: 'Muster',
  is_active: true,
  is_dark: false,
  is_linked: false,
  tour_seen: false,
  language: 'en',
  timezone: 'Europe/Zurich',
  day_times: { morning: '08:00', noon: '12:00', evening: '18:00', night: '22:00' },
  sensor: null,
  medicines: [],
  profile_role: { profiletype: 'basic' },
};

describe('the profile form', () => {
  it('sends only what changed, names trimmed', () => {
    expect(changesOf(profile, formValuesOf(profile))).toEqual({});
    expect(
      changesOf(profile, {
        ...formValuesOf(profile),
        givenname: ' Anna Maria ',
        language: 'de',
        is_dark: true,
      }),
    ).toEqual({ givenname: 'Anna Maria', language: 'de', is_dark: true });
  });

  it('sends the four times of day together when one of them changed, and checks each', () => {
    expect(changesOf(profile, { ...formValuesOf(profile), morning: '06:45' })).toEqual({
      day_times: { morning: '06:45', noon: '12:00', evening: '18:00', night: '22:00' },
    });
    const bad = profileFormSchema.safeParse({ ...formValuesOf(profile), night: '24:00' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['night', 'profile.reminders.badTime'],
    ]);
  });

  it('needs a given name and keeps names to 100 characters', () => {
    const issues = (v: unknown) =>
      (profileFormSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...formValuesOf(profile), givenname: '  ' })).toEqual([
      ['givenname', 'validation.required'],
    ]);
    expect(issues({ ...formValuesOf(profile), familyname: 'x'.repeat(101) })).toEqual([
      ['familyname', 'validation.tooLong'],
    ]);
  });

  it("offers the browser's time zones and keeps the profile's own", () => {
    expect(timeZones('Europe/Zurich')).toContain('Europe/Zurich');
    expect(timeZones('Etc/Unknown')[0]).toBe('Etc/Unknown');
  });
});
