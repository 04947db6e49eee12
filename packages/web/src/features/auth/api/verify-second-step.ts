import type { AuthResponse } from '@dosedot/domain';
import { apiRequest } from '../../../lib/api-client';

export type SecondStepProof = { code: string } | { recoveryCode: string };

/** POST /api/auth/2fa: the first step's challenge and a code from the app or a recovery code. */
export const verifySecondStep = (mfaToken: string, proof: SecondStepProof) =>
  apiRequest<AuthResponse>('/api/auth/2fa', { method: 'POST', body: { mfaToken, ...proof }, auth: false });

/** The challenge handed over by another page (reset password) or the provider callback (?mfa=). */
export function challengeFrom(state: unknown, params: URLSearchParams): string | null {
  const fromState = (state as { mfaToken?: unknown } | null)?.mfaToken;
  if (typeof fromState === 'string' && fromState) return fromState;
  return params.get('mfa') || null;
}
