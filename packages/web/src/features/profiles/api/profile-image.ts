import type { AuthUser } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { getToken } from '../../../lib/session-store';

/** PUT /api/profile/image: the picture as the raw body with its type (PNG, JPEG or WebP, at most 2 MB). */
export const uploadProfileImage = (file: Blob) =>
  apiRequest<{ profile_img: string }>('/api/profile/image', { method: 'PUT', body: file });

/** DELETE /api/profile/image: back to the default picture. */
export const deleteProfileImage = () =>
  apiRequest<{ profile_img: null }>('/api/profile/image', { method: 'DELETE' });

/** Changes or removes the picture; the signed-in user's cached entry takes the new URL. */
export function useProfileImage() {
  const queryClient = useQueryClient();
  const keep = (token: string | null, profile_img: string | null) => {
    if (!token || token !== getToken()) return;
    queryClient.setQueryData<AuthUser>(currentUserKeys.me(), (user) =>
      user ? { ...user, profile_img } : user,
    );
  };
  const upload = useMutation({
    mutationFn: async (file: Blob) => ({ token: getToken(), answer: await uploadProfileImage(file) }),
    onSuccess: ({ token, answer }) => keep(token, answer.profile_img),
  });
  const remove = useMutation({
    mutationFn: async () => ({ token: getToken(), answer: await deleteProfileImage() }),
    onSuccess: ({ token }) => keep(token, null),
  });
  return { upload, remove };
}
