import type { TwoFactorReauth } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTwoFactor } from './keys';

/** POST /api/two-factor/recovery-codes: ten new codes in place of all earlier ones, answered once. */
export const regenerateRecoveryCodes = async (proof: TwoFactorReauth): Promise<string[]> =>
  (
    await apiRequest<{ data: { recoveryCodes: string[] } }>('/api/two-factor/recovery-codes', {
      method: 'POST',
      body: proof,
    })
  ).data.recoveryCodes;

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => invalidateTwoFactor(queryClient),
  });
}
