import type { AdherenceResponse } from '@dosedot/domain';
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientRequest, samePatientPlaceholder } from './impersonation';
import { useViewer } from './viewer';

/**
 * The adherence figures, read by the dashboards and the medicine pages, each under its own query
 * keys: the one fetcher and query both use.
 */
export type Adherence = AdherenceResponse['data'];

/** Chart days, both included. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * GET /api/adherence?from&to: intakes, unmatched presses and figures per chart day of the range,
 * oneself's or the impersonated patient's.
 */
export async function getAdherence(patient: Patient, range: DateRange): Promise<Adherence> {
  const query = `?from=${range.from}&to=${range.to}`;
  return (await patientRequest<AdherenceResponse>(patient, `/api/adherence${query}`)).data;
}

/** A feature's key for whose figures of which range; the patient's key comes second (its keys factory). */
export type AdherenceKey = (patient: Patient, range: DateRange) => QueryKey;

export const adherenceQueryOptions = (keyOf: AdherenceKey, patient: Patient, range: DateRange) =>
  queryOptions({ queryKey: keyOf(patient, range), queryFn: () => getAdherence(patient, range) });

/**
 * The figures of a range for oneself or the impersonated patient. While another range loads, the
 * same patient's previous figures stay on screen; another patient's never stand in.
 */
export function useAdherenceQuery(keyOf: AdherenceKey, range: DateRange, { refetchInterval = 0 } = {}) {
  const patient = useViewer().subject;
  return useQuery({
    ...adherenceQueryOptions(keyOf, patient, range),
    placeholderData: samePatientPlaceholder(patient),
    ...(refetchInterval > 0 ? { refetchInterval } : {}),
  });
}
