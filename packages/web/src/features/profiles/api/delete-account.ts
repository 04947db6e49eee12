import type { DeleteAccountRequest } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';

/** DELETE /api/account: the signed-in user's own account, with the password (and a code when 2FA is on). */
export const deleteAccount = (body: DeleteAccountRequest) =>
  apiRequest<{ data: { deleted: true } }>('/api/account', { method: 'DELETE', body });

/**
 * Deletes the account, says so, then forgets everything of it in this browser as a logout does (the
 * page goes to sign-in, so the dialog is gone before a caller's own callbacks could run).
 */
export function useDeleteAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      notify.success(t('account.delete.done'));
      endSession(queryClient);
    },
  });
}
