import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './keys';

export interface Assignment {
  /** The profile's id (the list entry's id). */
  profileid: number;
  deveui: string;
  /** When the patient got the box: 'YYYY-MM-DDTHH:MM' in the patient's zone; omitted means now. */
  since?: string;
}

/** POST /api/sensor/assign {data:{profileid, deveui, since?}}. */
export const assignSensor = (assignment: Assignment) =>
  apiRequest<unknown>('/api/sensor/assign', { method: 'POST', body: { data: assignment } });

/** Assigns, then the list and the free boxes refetch (and any device list of the cache is stale). */
export function useAssignSensor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignSensor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.all }),
        queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== patientKeys.all[0],
          refetchType: 'none',
        }),
      ]),
  });
}
