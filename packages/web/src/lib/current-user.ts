import type { AuthUser, Profile, ProfileUpdate } from '@dosedot/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activateLanguage } from '../i18n';
import { apiRequest } from './api-client';
import { getToken, useSession } from './session-store';
import { useSettings } from './settings-store';
import { clearStoredAppData } from './storage';

/** The signed-in user and their profile: shared by every layout and feature. */
export const currentUserKeys = {
  me: ['auth', 'me'] as const,
  profile: ['profile', 'userdata'] as const,
};

export const getMe = () => apiRequest<AuthUser>('/api/users/me');
export const getProfile = () => apiRequest<Profile>('/api/profile/userdata');

export function useUser() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: currentUserKeys.me, queryFn: getMe, enabled: !!token, staleTime: 300_000 });
}

export function useProfile() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: currentUserKeys.profile, queryFn: getProfile, enabled: !!token });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ProfileUpdate) => ({
      token: getToken(),
      profile: await apiRequest<Profile>('/api/profile/userdata', { method: 'PUT', body: patch }),
    }),
    // An answer that arrives after a logout (or another login) must not bring the profile back.
    onSuccess: ({ token, profile }) => {
      if (token && token === getToken()) queryClient.setQueryData(currentUserKeys.profile, profile);
    },
  });
}

/**
 * After a login, registration or password reset: fetch the current user and the profile with the
 * new token (spec section 4), take over the profile's language and dark mode, then keep the token.
 * Returns the profile.
 */
export async function startSession(queryClient: QueryClient, jwt: string): Promise<Profile> {
  const [user, profile] = await Promise.all([
    apiRequest<AuthUser>('/api/users/me', { token: jwt }),
    apiRequest<Profile>('/api/profile/userdata', { token: jwt }),
  ]);
  await activateLanguage(profile.language);
  queryClient.clear();
  queryClient.setQueryData(currentUserKeys.me, user);
  queryClient.setQueryData(currentUserKeys.profile, profile);
  useSettings.getState().setMode(profile.is_dark ? 'dark' : 'light');
  useSession.getState().signIn(jwt);
  return profile;
}

/**
 * Logout (there is no logout call; the guard of the private pages then opens sign-in): forget the query cache (profile, medicines, schedules,
 * history, devices, charts, button presses), the session and impersonation, and every stored key.
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.clear();
  useSession.getState().clear('logout');
  clearStoredAppData();
}
