import type { ProfileListResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export type PatientEntry = ProfileListResponse['data'][number];

/** The first matches shown while typing; a longer search narrows them. */
export const PATIENT_SEARCH_SIZE = 10;

/**
 * The Strapi query of GET /api/profiles: active patients only (only patients hold boxes, issue 24
 * item 4) whose given name, family name or e-mail contains the text.
 */
export function patientSearchQuery(search: string): string {
  const params = new URLSearchParams();
  params.set('populate[0]', 'sensor');
  params.set('filters[profiletype][$eq]', 'basic');
  params.set('filters[is_active][$eq]', 'true');
  params.set('sort[0]', 'familyname');
  params.set('sort[1]', 'givenname');
  params.set('pagination[pageSize]', String(PATIENT_SEARCH_SIZE));
  const text = search.trim();
  if (text) {
    ['givenname', 'familyname', 'email'].forEach((field, i) => {
      params.set(`filters[$or][${i}][${field}][$containsi]`, text);
    });
  }
  return params.toString();
}

/** GET /api/profiles?…: the patients a box can go to, as the admin types. */
export const searchPatients = (search: string): Promise<ProfileListResponse> =>
  apiRequest<ProfileListResponse>(`/api/profiles?${patientSearchQuery(search)}`);

export const patientSearchQueryOptions = (search: string) =>
  queryOptions({ queryKey: deviceKeys.patients(search.trim()), queryFn: () => searchPatients(search) });

export const usePatientSearch = (search: string, enabled: boolean) =>
  useQuery({ ...patientSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
