import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTwoFactor } from './keys';

/** POST /api/two-factor/confirm {code}: turns two-factor sign-in on; answers the recovery codes once. */
export const confirmSetup = async (code: string): Promise<string[]> =>
  (
    await apiRequest<{ data: { recoveryCodes: string[] } }>('/api/two-factor/confirm', {
      method: 'POST',
      body: { code },
    })
  ).data.recoveryCodes;

export function useConfirmSetup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmSetup, onSuccess: () => invalidateTwoFactor(queryClient) });
}
