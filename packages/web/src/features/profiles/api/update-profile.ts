import type { Profile, ProfileUpdate } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { getToken } from '../../../lib/session-store';

/** PUT /api/profile/userdata: any of given and family name, dark mode, language, time zone. */
export const updateProfile = (patch: ProfileUpdate) =>
  apiRequest<Profile>('/api/profile/userdata', { method: 'PUT', body: patch });

/** Saves a change and puts the answer in the signed-in user's profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ProfileUpdate) => ({ token: getToken(), profile: await updateProfile(patch) }),
    // An answer that arrives after a logout (or another login) must not bring the profile back.
    onSuccess: ({ token, profile }) => {
      if (token && token === getToken()) queryClient.setQueryData(currentUserKeys.profile(), profile);
    },
  });
}
