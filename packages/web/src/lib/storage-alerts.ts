import type { StorageAlertsResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/*
 * The storage alarm (decision 0006): the signed-in patient's time out of each medicine's storage
 * range. The dashboard lists it and the sensor charts shade it, so the call is shared here.
 */

export type StorageAlerts = StorageAlertsResponse['data'];
export type StorageAlertMedicine = StorageAlerts['medicines'][number];

export const storageAlertKeys = {
  all: ['storage-alerts'] as const,
  range: (range: { from?: string; to?: string }) => [...storageAlertKeys.all, range] as const,
};

/** GET /api/storage-alerts?from&to (local dates of the patient, both included; default the last 7 days). */
export async function getStorageAlerts(range: { from?: string; to?: string }): Promise<StorageAlerts> {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return (await apiRequest<StorageAlertsResponse>(`/api/storage-alerts${query ? `?${query}` : ''}`)).data;
}

export const storageAlertsQueryOptions = (range: { from?: string; to?: string }) =>
  queryOptions({ queryKey: storageAlertKeys.range(range), queryFn: () => getStorageAlerts(range) });

export const useStorageAlerts = (range: { from?: string; to?: string }, enabled = true) =>
  useQuery({ ...storageAlertsQueryOptions(range), enabled, placeholderData: keepPreviousData });

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
