import type { AssignRefusal } from '@dosedot/domain';
import { localToUtc } from '@dosedot/domain/time';
import { HttpError } from '../../lib/errors';

/**
 * An assignment refused: `details.reason` says why in a word the web has a text for; a 400 also
 * names its field of the `{data: {...}}` body (with the reason as the field error's code).
 */
export function refusal(
  status: 400 | 409,
  reason: AssignRefusal,
  message: string,
  field?: 'profileid' | 'deveui' | 'since',
  extra: Record<string, unknown> = {},
): HttpError {
  const name = status === 400 ? 'ValidationError' : 'ConflictError';
  const errors = field
    ? [{ path: ['data', field], message, name: 'ValidationError', code: reason }]
    : undefined;
  return new HttpError(status, name, message, { reason, ...extra, ...(errors ? { errors } : {}) });
}

const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/i;

/** The instant of `since`: as given when it has an offset, else its wall time in the patient's zone. */
export function instantOf(since: string, zone: string): number {
  if (WITH_OFFSET.test(since)) return Date.parse(since);
  const [date = '', time = ''] = since.split('T');
  return localToUtc(date, time, zone);
}
