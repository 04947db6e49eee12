import { ASSIGN_REFUSALS, type AssignRefusal } from '@dosedot/domain';
import { ApiError, failureKey } from './api-client';

/*
 * Why the server refused to give a patient a box (issue 24 item 7), as catalog keys of assign.json:
 * the server answers a stable reason (details.reason, ASSIGN_REFUSALS), never parsed from its English.
 */

const isRefusal = (reason: string | undefined): reason is AssignRefusal =>
  (ASSIGN_REFUSALS as readonly string[]).includes(reason ?? '');

export interface AssignFailure {
  /** The reason in words, shown under the spec's toast and in the dialog. */
  reason: string;
  /** Set when the moment the patient got the box is what is wrong: its field shows this. */
  since: string | null;
}

/** An assign failure as catalog keys: the server's reason, or the general failure (network, 5xx …). */
export function assignFailure(error: unknown): AssignFailure {
  if (error instanceof ApiError && isRefusal(error.reason)) {
    const reason = `assign.reason.${error.reason}`;
    return { reason, since: error.reason.startsWith('since_') ? reason : null };
  }
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.fieldErrors.some((e) => e.path.at(-1) === 'since')
  )
    return { reason: 'assign.reason.since_invalid', since: 'assign.reason.since_invalid' };
  return { reason: failureKey(error), since: null };
}
