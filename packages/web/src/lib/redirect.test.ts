import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('redirect after login', () => {
  it('goes back to the private page that sent the user to sign-in', () => {
    expect(safeRedirect('/my-medicine/type-1?x=1')).toBe('/my-medicine/type-1?x=1');
    expect(safeRedirect('/de/profile')).toBe('/profile');
  });
  it('goes to the dashboard without a target or for the auth pages', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('/auth/signin')).toBe('/dashboard');
    expect(safeRedirect('/')).toBe('/dashboard');
  });
  it('never leaves the app', () => {
    expect(safeRedirect('https://evil.example/x')).toBe('/dashboard');
    expect(safeRedirect('//evil.example/x')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
  });
});
