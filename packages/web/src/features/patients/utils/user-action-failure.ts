import { USER_ACTION_REFUSALS } from '@dosedot/domain';
import { ApiError, failureKey } from '../../../lib/api-client';

const REFUSALS: readonly string[] = USER_ACTION_REFUSALS;

/**
 * Why an action on a user failed, as a catalog key: the server's reason (the code of its field
 * error: last administrator, own account, holds a box…), a user that is gone, or the general failure.
 */
export function userActionFailureKey(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.fieldErrors.find((e) => e.code && REFUSALS.includes(e.code))?.code;
    if (code) return `patientActions.refusals.${code}`;
    if (error.status === 404) return 'patientActions.refusals.gone';
  }
  return failureKey(error);
}
