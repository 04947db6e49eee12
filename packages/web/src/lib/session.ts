import type { Profile } from '@dosedot/domain';
import type { QueryClient } from '@tanstack/react-query';
import { activateLanguage } from '../i18n';
import { apiRequest } from './api-client';
import { currentUserKeys, getMe, getMyProfile } from './current-user';
import { endImpersonationAtLogout } from './impersonation';
import { dropOfflineCopy } from './pwa';
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
  // The texts of the first screens the session opens on; a page that needs more loads them.
  await activateLanguage(profile.language, { texts: 'core' });
  queryClient.clear();
  dropOfflineCopy();
  queryClient.setQueryData(currentUserKeys.me(), user);
  queryClient.setQueryData(currentUserKeys.profile(), profile);
  useSettings.getState().setMode(profile.is_dark ? 'dark' : 'light');
  useSession.getState().signIn(jwt);
  return profile;
}

/**
 * Logout: the server ends the token's session (POST /api/auth/logout, issue 21; after the
 * impersonation's end, which needs the same token), never waited for; then, whether or not that call
 * succeeds, forget the query cache (profile, medicines, schedules, history, devices, charts, button
 * presses), the session and impersonation, and every stored key. The guard of the private pages
 * then opens sign-in.
 */
export function endSession(queryClient: QueryClient): void {
  const token = useSession.getState().token;
  const impersonationEnded = endImpersonationAtLogout();
  if (token)
    void impersonationEnded
      .then(() => apiRequest('/api/auth/logout', { method: 'POST', token }))
      .catch(() => undefined);
  queryClient.clear();
  useSession.getState().clear('logout');
  clearStoredAppData();
  dropOfflineCopy();
}
