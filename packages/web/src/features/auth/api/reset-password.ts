import type { LoginResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { newPasswordField } from '../../../lib/form-schemas';

export const resetPasswordInputSchema = z
  .object({ password: newPasswordField, passwordConfirmation: z.string() })
  .check(
    z.refine((v) => v.password === v.passwordConfirmation, {
      message: 'validation.passwordsMatch',
      path: ['passwordConfirmation'],
    }),
  );
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** POST /api/auth/reset-password with the single-use code from the e-mailed link. */
export const resetPassword = ({ code, input }: { code: string; input: ResetPasswordInput }) =>
  apiRequest<LoginResponse>('/api/auth/reset-password', {
    method: 'POST',
    body: { code, ...input },
    auth: false,
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
