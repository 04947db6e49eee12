import type { AuthResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { emailField } from '../../../lib/form';

export const loginInputSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, { message: 'validation.required' })),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /api/auth/local: the e-mail address is the identifier. */
export const login = (input: LoginInput) =>
  apiRequest<AuthResponse>('/api/auth/local', {
    method: 'POST',
    body: { identifier: input.email, password: input.password },
    auth: false,
  });

export const useLogin = () => useMutation({ mutationFn: login });
