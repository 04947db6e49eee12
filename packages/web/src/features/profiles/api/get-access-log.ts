import type { AccessLogResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';

/** Entries a page of the access log shows. */
export const ACCESS_LOG_PAGE = 10;

/** GET /api/profile/access-log?pagination[page]&pagination[pageSize]: who opened my data as an administrator. */
export const getAccessLog = (page: number) =>
  apiRequest<AccessLogResponse>(
    `/api/profile/access-log?pagination[page]=${page}&pagination[pageSize]=${ACCESS_LOG_PAGE}`,
  );

export const accessLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...currentUserKeys.all, 'access-log', page] as const,
    queryFn: () => getAccessLog(page),
  });

export const useAccessLog = (page: number) =>
  useQuery({ ...accessLogQueryOptions(page), placeholderData: keepPreviousData });
