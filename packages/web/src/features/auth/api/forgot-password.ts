import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { emailField } from '../../../lib/form-schemas';

export const forgotPasswordInputSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** POST /api/auth/forgot-password: answers the same whether or not the address has an account. */
export const forgotPassword = (input: ForgotPasswordInput) =>
  apiRequest<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', body: input, auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
