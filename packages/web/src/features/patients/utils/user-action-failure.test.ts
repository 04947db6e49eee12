import { USER_ACTION_REFUSALS } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { userActionFailureKey } from './user-action-failure';

const refusal = (status: number, code: string) =>
  new ApiError(status, 'ConflictError', 'refused', [
    { path: ['role'], message: 'refused', name: 'ConflictError', code },
  ]);

describe('userActionFailureKey', () => {
  it('names every reason the server gives', () => {
    for (const code of USER_ACTION_REFUSALS)
      expect(userActionFailureKey(refusal(code === 'two_factor_required' ? 403 : 409, code))).toBe(
        `patientActions.refusals.${code}`,
      );
  });

  it('says a user is gone on 404, and falls back to the general texts', () => {
    expect(userActionFailureKey(new ApiError(404, 'NotFoundError', 'User not found'))).toBe(
      'patientActions.refusals.gone',
    );
    expect(userActionFailureKey(new ApiError(429, 'RateLimitError', 'wait'))).toBe('errors.tooMany');
    expect(userActionFailureKey(new ApiError(0, 'NetworkError', 'down'))).toBe('errors.network');
    expect(userActionFailureKey(refusal(409, 'something_else'))).toBe('errors.generic');
  });
});
