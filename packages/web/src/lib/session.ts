import type { Profile } from '@dosedot/domain';
import type { QueryClient } from '@tanstack/react-query';
import { activateLanguage } from '../i18n';
import { currentUserKeys, getMe, getMyProfile } from './current-user';
import { endImpersonationAtLogout } from './impersonation';
import { useSession } from './session-store';
import { useSettings } from './settings-store';
import { clearStoredAppData } from './storage';

/**
 * After a login, registration or password reset: fetch the current user and the profile with the
 * new token (spec section 4), take over the profile's language and dark mode, then keep the token.
 * Returns the profile.
 */
export async function startSession(queryClient: QueryClient, jwt: string): Promise<Profile> {
  const [user, profile] = await Promise.all([getMe(jwt), getMyProfile(jwt)]);
  await activateLanguage(profile.language);
  queryClient.clear();
  queryClient.setQueryData(currentUserKeys.me(), user);
  queryClient.setQueryData(currentUserKeys.profile(), profile);
  useSettings.getState().setMode(profile.is_dark ? 'dark' : 'light');
  useSession.getState().signIn(jwt);
  return profile;
}

/**
 * Logout (there is no logout call; the guard of the private pages then opens sign-in): forget the
 * query cache (profile, medicines, schedules, history, devices, charts, button presses), the
 * session and impersonation, and every stored key.
 */
export function endSession(queryClient: QueryClient): void {
  endImpersonationAtLogout();
  queryClient.clear();
  useSession.getState().clear('logout');
  clearStoredAppData();
}
