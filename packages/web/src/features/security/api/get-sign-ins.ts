import type { SignInListResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type SignInPage, securityKeys } from './keys';

export type SignIn = SignInListResponse['data'][number];

/** GET /api/admin/sign-ins: one page of the instance's sign-ins, newest first, by outcome. */
export const getSignIns = ({ page, pageSize, outcome }: SignInPage): Promise<SignInListResponse> =>
  apiRequest<SignInListResponse>(
    `/api/admin/sign-ins?pagination[page]=${page}&pagination[pageSize]=${pageSize}${
      outcome ? `&filters[outcome][$eq]=${outcome}` : ''
    }`,
  );

export const signInsQueryOptions = (page: SignInPage) =>
  queryOptions({ queryKey: securityKeys.signIns(page), queryFn: () => getSignIns(page) });

/** The previous page stays on screen while the next one loads. */
export const useSignIns = (page: SignInPage) =>
  useQuery({ ...signInsQueryOptions(page), placeholderData: keepPreviousData });
