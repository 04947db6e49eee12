import type { DeleteAccountRequest } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** DELETE /api/account: the signed-in user's own account, with the password (and a code when 2FA is on). */
export const deleteAccount = (body: DeleteAccountRequest) =>
  apiRequest<{ data: { deleted: true } }>('/api/account', { method: 'DELETE', body });

/** Deletes the account, then forgets everything of it in this browser, as a logout does. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => endSession(queryClient),
  });
}
