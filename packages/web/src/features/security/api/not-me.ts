import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/two-factor/not-me {token}: the "this was not me" link of a two-step sign-in notice.
 * Removes the second step, ends every session and answers a code for the password-reset page.
 */
export const reportNotMe = async (token: string): Promise<string> =>
  (
    await apiRequest<{ data: { resetCode: string } }>('/api/two-factor/not-me', {
      method: 'POST',
      body: { token },
      auth: false,
    })
  ).data.resetCode;

export const useReportNotMe = () => useMutation({ mutationFn: reportNotMe });
