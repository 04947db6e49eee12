import { OIDC_ERROR_CODES, SIGN_IN_FAILURE_REASONS } from '@dosedot/domain';
import type { TFunction } from 'i18next';

const includes = (list: readonly string[], value: string) => list.includes(value);

/**
 * Why a sign-in failed, in words (issue 24 item 5): a provider's refusal (method `oidc:<id>` with no
 * second step) by its OIDC error code, a password or second-step failure by its reason; a code
 * written by an older version, still unknown here, is shown as it is.
 */
export function reasonText(t: TFunction, method: string | null, reason: string): string {
  if (method?.startsWith('oidc:') && !method.includes('+') && includes(OIDC_ERROR_CODES, reason))
    return t(`security.signIns.providerReason.${reason}`);
  if (includes(SIGN_IN_FAILURE_REASONS, reason)) return t(`security.signIns.reason.${reason}`);
  return t('security.signIns.reason.other', { reason });
}
