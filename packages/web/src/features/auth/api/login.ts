import type { LoginResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}

/** The shape the server checks again; enough to say which field is missing before a round trip. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in form's check, without zod: the sign-in page is the first page most visitors load
 * and must stay within its script budget (bench/RESULTS.md), and zod's core is a shared chunk of
 * some 20 KB gzip. Messages are catalog keys, as in lib/form-schemas.ts.
 */
export const loginResolver: Resolver<LoginInput> = async (raw) => {
  const values = { email: raw.email.trim(), password: raw.password };
  const errors: FieldErrors<LoginInput> = {};
  if (!values.email) errors.email = { type: 'required', message: 'validation.required' };
  else if (!EMAIL.test(values.email)) errors.email = { type: 'pattern', message: 'validation.email' };
  if (!values.password) errors.password = { type: 'required', message: 'validation.required' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** POST /api/auth/local: the e-mail address is the identifier; a token, or a two-step challenge. */
export const login = (input: LoginInput) =>
  apiRequest<LoginResponse>('/api/auth/local', {
    method: 'POST',
    body: { identifier: input.email, password: input.password },
    auth: false,
  });

export const useLogin = () => useMutation({ mutationFn: login });
