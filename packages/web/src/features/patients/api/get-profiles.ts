import type { ProfileListEntry, ProfileListResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type ListParams, profilesQuery } from '../utils/list-query';
import { patientKeys } from './keys';

/** GET /api/profiles?populate[0]=sensor&sort…&pagination…&filters…: one page of the patient list. */
export const getProfiles = (params: ListParams) =>
  apiRequest<ProfileListResponse>(`/api/profiles?${profilesQuery(params)}`);

export const profilesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: patientKeys.list(params), queryFn: () => getProfiles(params) });

/** The page asked for; the previous page stays on screen while the next one loads. */
export const useProfiles = (params: ListParams) =>
  useQuery({ ...profilesQueryOptions(params), placeholderData: keepPreviousData });

/** Every patient that matches the search, page by page (100 a call), for the export. */
export async function getAllProfiles(params: ListParams): Promise<ProfileListEntry[]> {
  const all: ProfileListEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await getProfiles({ ...params, page, pageSize: 100 });
    all.push(...answer.data);
    if (page >= answer.meta.pagination.pageCount) return all;
  }
}
