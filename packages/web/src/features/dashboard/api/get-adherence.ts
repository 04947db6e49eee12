import type { AdherenceResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { impRequest, type Patient, patientKey, usePatient } from '../../../lib/impersonation';
import { type DateRange, dashboardKeys } from './keys';

export type Adherence = AdherenceResponse['data'];

/**
 * GET /api/adherence?from&to: intakes, unmatched presses and figures per chart day of the range
 * (GET /api/adherence/imp/{userId} for the impersonated patient).
 */
export async function getAdherence(patient: Patient, range: DateRange): Promise<Adherence> {
  const query = `?from=${range.from}&to=${range.to}`;
  const answer = patient
    ? await impRequest<AdherenceResponse>(`/api/adherence/imp/${patient.userid}${query}`)
    : await apiRequest<AdherenceResponse>(`/api/adherence${query}`);
  return answer.data;
}

export const adherenceQueryOptions = (patient: Patient, range: DateRange) =>
  queryOptions({
    queryKey: dashboardKeys.adherence(patient, range),
    queryFn: () => getAdherence(patient, range),
  });

/** The dashboards follow presses as they arrive: refetched every minute while open. */
export function useAdherence(range: DateRange) {
  const patient = usePatient();
  return useQuery({
    ...adherenceQueryOptions(patient, range),
    // Only the same patient's previous range: another patient's figures never stand in.
    placeholderData: (previous, query) =>
      query?.queryKey[1] === patientKey(patient) ? keepPreviousData(previous) : undefined,
    refetchInterval: 60_000,
  });
}
