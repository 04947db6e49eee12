import type { SensorAssignment } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceKeys, invalidateDevices } from './keys';

export interface AssignSensorInput {
  profileid: number;
  deveui: string;
  /** When the patient got the box: 'YYYY-MM-DDTHH:MM' in the patient's zone; omitted means now. */
  since?: string;
}

/** POST /api/sensor/assign {data:{profileid, deveui, since?}}: the patient gets the box. */
export const assignSensor = async (input: AssignSensorInput): Promise<SensorAssignment> =>
  (
    await apiRequest<{ data: SensorAssignment }>('/api/sensor/assign', {
      method: 'POST',
      body: { data: input },
    })
  ).data;

/** Assigns, then the device list refetches; any other list of the cache (the free boxes, the patients) is stale. */
export function useAssignSensor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignSensor,
    onSuccess: () =>
      Promise.all([
        invalidateDevices(queryClient),
        queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== deviceKeys.all[0],
          refetchType: 'none',
        }),
      ]),
  });
}
