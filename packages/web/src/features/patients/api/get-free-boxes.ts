import type { FreeBoxesResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './keys';

/** Boxes shown per page of the picker. */
export const FREE_BOX_PAGE_SIZE = 5;

/** GET /api/sensor/free?q=&page=&pageSize=: the boxes no patient holds, searched on the server. */
export const getFreeBoxes = (search: string, page: number): Promise<FreeBoxesResponse> => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(FREE_BOX_PAGE_SIZE) });
  if (search.trim()) params.set('q', search.trim());
  return apiRequest<FreeBoxesResponse>(`/api/sensor/free?${params}`);
};

export const freeBoxesQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: patientKeys.freeBoxes(search.trim(), page),
    queryFn: () => getFreeBoxes(search, page),
  });

export const useFreeBoxes = (search: string, page: number, enabled: boolean) =>
  useQuery({ ...freeBoxesQueryOptions(search, page), enabled, placeholderData: keepPreviousData });
