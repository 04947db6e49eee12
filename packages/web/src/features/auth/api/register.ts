import type { Language, RegisterResponse } from '@dosedot/domain';
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

/**
 * POST /api/auth/local/register: username carries the full name; the page language becomes the
 * profile's. The answer is the same for a new and a taken address (no token): a message is on its
 * way to the address, and the new account signs in on the sign-in page.
 */
export const register = ({ input, language }: { input: RegisterInput; language: Language }) =>
  apiRequest<RegisterResponse>('/api/auth/local/register', {
    method: 'POST',
    body: { username: input.fullName, email: input.email, password: input.password, language },
    auth: false,
  });

export const useRegister = () => useMutation({ mutationFn: register });
