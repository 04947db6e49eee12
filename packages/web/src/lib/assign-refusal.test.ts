import { ASSIGN_REFUSALS } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en/assign.json';
import { ApiError } from './api-client';
import { assignFailure } from './assign-refusal';

describe('assign failures in words', () => {
  it('has a text for every reason the server gives', () => {
    for (const reason of ASSIGN_REFUSALS) {
      expect(assignFailure(new ApiError(409, 'ConflictError', 'x', [], reason)).reason).toBe(
        `assign.reason.${reason}`,
      );
      expect(en.assign.reason[reason]).toEqual(expect.any(String));
    }
  });

  it('puts a refused moment on its field, and a malformed one too', () => {
    expect(assignFailure(new ApiError(400, 'ValidationError', 'x', [], 'since_future')).since).toBe(
      'assign.reason.since_future',
    );
    const malformed = new ApiError(400, 'ValidationError', 'x', [
      { path: ['data', 'since'], message: 'bad', name: 'ValidationError' },
    ]);
    expect(assignFailure(malformed)).toEqual({
      reason: 'assign.reason.since_invalid',
      since: 'assign.reason.since_invalid',
    });
    expect(assignFailure(new ApiError(409, 'ConflictError', 'x', [], 'box_held')).since).toBeNull();
  });

  it('falls back to the general failure for anything else', () => {
    expect(assignFailure(new ApiError(0, 'NetworkError', 'x'))).toEqual({
      reason: 'errors.network',
      since: null,
    });
    expect(assignFailure(new ApiError(409, 'ConflictError', 'x', [], 'something_new')).reason).toBe(
      'errors.generic',
    );
  });
});
