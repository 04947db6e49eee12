import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * True for a password on zxcvbn-ts's list of about 49,000 common and breached passwords (shipped with
 * the project, so no network is asked), whatever its case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
