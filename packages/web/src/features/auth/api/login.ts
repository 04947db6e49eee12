import type { LoginResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

/** The shape the server checks again; enough to say which field is missing before a round trip. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A catalog key for each field that is wrong (none: the form may be sent). */
export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * The sign-in form's check, without zod or a form library: the sign-in page is the first page most
 * visitors load and must stay within its script budget (bench/RESULTS.md): zod's core is some 20 KB
 * gzip, react-hook-form 14 KB. Messages are catalog keys, as in lib/form-schemas.ts.
 */
export function checkLogin(raw: LoginInput): { values: LoginInput; errors: LoginErrors } {
  const values = { email: raw.email.trim(), password: raw.password };
  const errors: LoginErrors = {};
  if (!values.email) errors.email = 'validation.required';
  else if (!EMAIL.test(values.email)) errors.email = 'validation.email';
  if (!values.password) errors.password = 'validation.required';
  return { values, errors };
}

/** POST /api/auth/local: the e-mail address is the identifier; a token, or a two-step challenge. */
export const login = (input: LoginInput) =>
  apiRequest<LoginResponse>('/api/auth/local', {
    method: 'POST',
    body: { identifier: input.email, password: input.password },
    auth: false,
  });

export const useLogin = () => useMutation({ mutationFn: login });
