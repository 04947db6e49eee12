import type { SendEmailConfirmationResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { emailField } from '../../../lib/form-schemas';

export const sendEmailConfirmationInputSchema = z.object({ email: emailField });
export type SendEmailConfirmationInput = z.infer<typeof sendEmailConfirmationInputSchema>;

/** POST /api/auth/send-email-confirmation: the same answer whether or not the address has an account. */
export const sendEmailConfirmation = (input: SendEmailConfirmationInput) =>
  apiRequest<SendEmailConfirmationResponse>('/api/auth/send-email-confirmation', {
    method: 'POST',
    body: input,
    auth: false,
  });

export const useSendEmailConfirmation = () => useMutation({ mutationFn: sendEmailConfirmation });
