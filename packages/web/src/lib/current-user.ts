import type { AuthUser, Profile } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useSession } from './session-store';

/*
 * The signed-in user and their own profile: the guards, layouts and session read them, and so do
 * the pages of several features (a feature may not import another), so they are shared here.
 * Changing the profile belongs to the profiles feature (features/profiles/api/update-profile.ts).
 */

export const currentUserKeys = {
  all: ['current-user'] as const,
  me: () => [...currentUserKeys.all, 'me'] as const,
  profile: () => [...currentUserKeys.all, 'profile'] as const,
};

/** GET /api/users/me; `token` while a login completes, else the session's. */
export const getMe = (token?: string) => apiRequest<AuthUser>('/api/users/me', { token });

/** GET /api/profile/userdata: the signed-in user's own profile. */
export const getMyProfile = (token?: string) => apiRequest<Profile>('/api/profile/userdata', { token });

export const meQueryOptions = () =>
  queryOptions({ queryKey: currentUserKeys.me(), queryFn: () => getMe(), staleTime: 300_000 });

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: currentUserKeys.profile(), queryFn: () => getMyProfile() });

export function useUser() {
  const token = useSession((s) => s.token);
  return useQuery({ ...meQueryOptions(), enabled: !!token });
}

export function useProfile() {
  const token = useSession((s) => s.token);
  return useQuery({ ...myProfileQueryOptions(), enabled: !!token });
}
