import type { TwoFactorSetup } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/two-factor/setup {password}: a new secret and its otpauth:// URI for the QR code. The
 * server asks for the current password and a confirmed e-mail address (403 `email_unconfirmed`).
 */
export const startSetup = async (password: string): Promise<TwoFactorSetup> =>
  (
    await apiRequest<{ data: TwoFactorSetup }>('/api/two-factor/setup', {
      method: 'POST',
      body: { password },
    })
  ).data;

export const useStartSetup = () => useMutation({ mutationFn: startSetup });
