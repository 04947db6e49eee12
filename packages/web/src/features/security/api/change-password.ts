import type { AuthResponse, ChangePasswordRequest } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';

/**
 * POST /api/auth/change-password: the server ends every other session of the user and answers a
 * fresh token of this one, which the session keeps from now on.
 */
export const changePassword = (input: ChangePasswordRequest) =>
  apiRequest<AuthResponse>('/api/auth/change-password', { method: 'POST', body: input });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      useSession.setState({ token: answer.jwt });
      queryClient.setQueryData(currentUserKeys.me(), answer.user);
    },
  });
}
