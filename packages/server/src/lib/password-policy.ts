import { commonPasswordCheck } from '@dosedot/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

let check: ((password: string) => boolean) | undefined;

/**
 * True for a password on zxcvbn-ts's list of about 49,000 common and breached passwords (shipped with
 * the project, so no network is asked), whatever its case. The web's strength meter checks the same
 * list with the same domain function, so the form and the server give the same verdict.
 */
export function isCommonPassword(password: string): boolean {
  check ??= commonPasswordCheck(dictionary['passwords-common']);
  return check(password);
}
