import type { AuthResponse, Language } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { emailField, newPasswordField, requiredText } from '../../../lib/form-schemas';

export const registerInputSchema = z.object({
  fullName: requiredText(100),
  email: emailField,
  password: newPasswordField,
  accept: z.boolean().check(z.refine((v) => v, { message: 'validation.acceptTerms' })),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** POST /api/auth/local/register: username carries the full name; the page language becomes the profile's. */
export const register = ({ input, language }: { input: RegisterInput; language: Language }) =>
  apiRequest<AuthResponse>('/api/auth/local/register', {
    method: 'POST',
    body: { username: input.fullName, email: input.email, password: input.password, language },
    auth: false,
  });

export const useRegister = () => useMutation({ mutationFn: register });
