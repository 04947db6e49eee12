import type { AuthResponse } from '@dosedot/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/oidc/session: the single-use code that a provider sign-in left in the success
 * page's URL fragment, for the token (the same answer as a password login).
 */
export const exchangeProviderCode = (code: string) =>
  apiRequest<AuthResponse>('/api/auth/oidc/session', { method: 'POST', body: { code }, auth: false });
