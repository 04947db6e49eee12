import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The mails an administrator sends a user: forgot-password's reset link, or a new confirmation link. */
export type UserMail = 'send-password-reset' | 'send-email-confirmation';

/** POST /api/users/{id}/send-password-reset and /send-email-confirmation: answers where the mail went. */
export const sendUserMail = ({ id, mail }: { id: number; mail: UserMail }) =>
  apiRequest<{ email: string; sent: true }>(`/api/users/${id}/${mail}`, { method: 'POST' });

export function useSendUserMail() {
  return useMutation({ mutationFn: sendUserMail });
}
