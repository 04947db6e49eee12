import type { StorageAlertsResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientKey, patientRequest, samePatientPlaceholder } from './impersonation';

/*
 * The storage alarm (decision 0006): the patient's time out of each medicine's storage range (the
 * signed-in patient's, or the impersonated one's). The dashboard lists it and the sensor charts
 * shade it, so the call is shared here.
 */

export type StorageAlerts = StorageAlertsResponse['data'];
export type StorageAlertMedicine = StorageAlerts['medicines'][number];

type Range = { from?: string; to?: string };

export const storageAlertKeys = {
  all: ['storage-alerts'] as const,
  range: (patient: Patient, range: Range) => [...storageAlertKeys.all, patientKey(patient), range] as const,
};

/**
 * GET /api/storage-alerts?from&to (local dates of the patient, both included; default the last 7
 * days), oneself's or the impersonated patient's.
 */
export async function getStorageAlerts(patient: Patient, range: Range): Promise<StorageAlerts> {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString() ? `?${params}` : '';
  return (await patientRequest<StorageAlertsResponse>(patient, `/api/storage-alerts${query}`)).data;
}

export const storageAlertsQueryOptions = (patient: Patient, range: Range) =>
  queryOptions({
    queryKey: storageAlertKeys.range(patient, range),
    queryFn: () => getStorageAlerts(patient, range),
  });

/** Oneself's alerts, or the impersonated patient's with `patient` (usePatient()). */
export const useStorageAlerts = (range: Range, { enabled = true, patient = null as Patient } = {}) =>
  useQuery({
    ...storageAlertsQueryOptions(patient, range),
    enabled,
    placeholderData: samePatientPlaceholder(patient),
  });

/** Every stretch out of range, of any medicine, as [start, end] instants (ms), merged where they overlap. */
export function outOfRangeSpans(
  medicines: StorageAlertMedicine[],
  which: 'temperature' | 'humidity',
): [number, number][] {
  const spans = medicines
    .flatMap((m) => m.intervals)
    .filter((i) =>
      which === 'humidity'
        ? i.reasons.includes('too_humid')
        : i.reasons.includes('too_cold') || i.reasons.includes('too_warm'),
    )
    .map((i): [number, number] => [Date.parse(i.start), Date.parse(i.end)])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}
