import type { TwoFactorReauth } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTwoFactor } from './keys';

/** POST /api/two-factor/disable with a current code or the password. */
export const disableTwoFactor = (proof: TwoFactorReauth) =>
  apiRequest<{ data: { enabled: false } }>('/api/two-factor/disable', { method: 'POST', body: proof });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => invalidateTwoFactor(queryClient) });
}
