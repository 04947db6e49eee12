/*
 * The rules of a new password, shared by the server (the authority) and the web's sign-up and reset
 * forms, without any dependency so the web's pages stay small. The common-password list is not here:
 * the server and the web's strength meter each load zxcvbn-ts's `passwords-common` dictionary and
 * check it with `commonPasswordCheck` below, so both give the same verdict.
 */
import { ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/**
 * True when the password contains the e-mail address, its part before the @, or a part of the name
 * (parts of three letters or more), whatever the case.
 */
export function isPersonalPassword(password: string, person: { email?: string; name?: string }): boolean {
  const pw = password.toLowerCase();
  const email = (person.email ?? '').toLowerCase();
  const parts = [email, email.split('@')[0] ?? '', ...(person.name ?? '').toLowerCase().split(/[\s.\-_']+/)];
  return parts.some((part) => part.length >= 3 && pw.includes(part));
}

/** A lookup of a common-password list, whatever the case (the server's and the web's). */
export function commonPasswordCheck(list: readonly string[]): (password: string) => boolean {
  const common = new Set(list.map((p) => p.toLowerCase()));
  return (password) => common.has(password.toLowerCase());
}

/** Why a new password is refused, as the code the server's field error carries; undefined when fine. */
export type PasswordProblem =
  | 'too_small'
  | 'too_big'
  | typeof ERROR_CODES.passwordPersonal
  | typeof ERROR_CODES.passwordCommon;

/**
 * The server's rules in its order: length, then personal, then common. `isCommon` is optional so a
 * form can judge before the dictionary has loaded (the server checks again either way).
 */
export function passwordProblem(
  password: string,
  person: { email?: string; name?: string },
  isCommon?: (password: string) => boolean,
): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_small';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_big';
  if (isPersonalPassword(password, person)) return ERROR_CODES.passwordPersonal;
  if (isCommon?.(password)) return ERROR_CODES.passwordCommon;
  return undefined;
}
