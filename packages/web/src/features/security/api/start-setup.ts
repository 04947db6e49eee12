import type { TwoFactorSetup } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/two-factor/setup: a new secret and its otpauth:// URI for the QR code. */
export const startSetup = async (): Promise<TwoFactorSetup> =>
  (await apiRequest<{ data: TwoFactorSetup }>('/api/two-factor/setup', { method: 'POST' })).data;

export const useStartSetup = () => useMutation({ mutationFn: startSetup });
