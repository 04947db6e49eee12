import type { SignInListResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type SignInPage, securityKeys } from './keys';

export type SignIn = SignInListResponse['data'][number];

/** The list query of a page: Strapi's pagination and filters, each value encoded. */
export function signInsQueryString({ page, pageSize, outcome, user, method }: SignInPage): string {
  const params = new URLSearchParams({
    'pagination[page]': String(page),
    'pagination[pageSize]': String(pageSize),
  });
  if (outcome) params.set('filters[outcome][$eq]', outcome);
  if (user) params.set('filters[user][$containsi]', user);
  if (method) params.set('filters[method][$eq]', method);
  return params.toString();
}

/** GET /api/admin/sign-ins: one page of the instance's sign-ins, newest first, filtered. */
export const getSignIns = (page: SignInPage): Promise<SignInListResponse> =>
  apiRequest<SignInListResponse>(`/api/admin/sign-ins?${signInsQueryString(page)}`);

export const signInsQueryOptions = (page: SignInPage) =>
  queryOptions({ queryKey: securityKeys.signIns(page), queryFn: () => getSignIns(page) });

/** The previous page stays on screen while the next one loads. */
export const useSignIns = (page: SignInPage) =>
  useQuery({ ...signInsQueryOptions(page), placeholderData: keepPreviousData });
