import type { SensorAssignment } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDevices } from './keys';

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

export function useAssignSensor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignSensor, onSuccess: () => invalidateDevices(queryClient) });
}
