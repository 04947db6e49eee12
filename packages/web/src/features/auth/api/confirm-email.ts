import type { EmailConfirmationResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/email-confirmation: confirms the address of the e-mailed link (once). */
export const confirmEmail = (confirmation: string) =>
  apiRequest<EmailConfirmationResponse>(
    `/api/auth/email-confirmation?confirmation=${encodeURIComponent(confirmation)}`,
    { auth: false },
  );

/**
 * A query, not a mutation: the page asks once per link, and a second mount (React's strict mode, a
 * remount) reads the cached answer instead of spending the single-use link again.
 */
export const confirmEmailQueryOptions = (confirmation: string) =>
  queryOptions({
    queryKey: authKeys.confirmation(confirmation),
    queryFn: () => confirmEmail(confirmation),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useConfirmEmail = (confirmation: string) =>
  useQuery({ ...confirmEmailQueryOptions(confirmation), enabled: confirmation !== '' });
