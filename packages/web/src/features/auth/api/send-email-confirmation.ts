import type { SendEmailConfirmationResponse } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/*
 * No zod here: the confirmation banner above every private page sends through this module, and the
 * dashboard must not load zod for it (issue 25 item 6). The form's schema is in resend-confirmation.
 */
export interface SendEmailConfirmationInput {
  email: string;
}

/** POST /api/auth/send-email-confirmation: the same answer whether or not the address has an account. */
export const sendEmailConfirmation = (input: SendEmailConfirmationInput) =>
  apiRequest<SendEmailConfirmationResponse>('/api/auth/send-email-confirmation', {
    method: 'POST',
    body: input,
    auth: false,
  });

export const useSendEmailConfirmation = () => useMutation({ mutationFn: sendEmailConfirmation });
