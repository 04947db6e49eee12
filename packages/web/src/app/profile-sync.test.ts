import { describe, expect, it } from 'vitest';
import { profileChanges } from './profile-sync';

describe('profileChanges (issue 23 item 6)', () => {
  const seen = { userid: 7, is_dark: false, language: 'en' as const };

  it('gives what changed on the server since this device last saw the profile', () => {
    expect(profileChanges(seen, { ...seen, is_dark: true, language: 'de' })).toEqual({
      mode: 'dark',
      language: 'de',
    });
    expect(profileChanges({ ...seen, is_dark: true }, seen)).toEqual({ mode: 'light' });
    expect(profileChanges(seen, { ...seen, language: 'fr' })).toEqual({ language: 'fr' });
  });

  it('changes nothing when the profile is as seen, nothing was seen yet, or it is another user', () => {
    expect(profileChanges(seen, seen)).toEqual({});
    expect(profileChanges(null, { ...seen, is_dark: true, language: 'de' })).toEqual({});
    expect(profileChanges(seen, { ...seen, userid: 8, is_dark: true })).toEqual({});
  });
});
