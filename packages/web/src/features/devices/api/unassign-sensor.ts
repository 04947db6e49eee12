import type { SensorAssignment } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDevices } from './keys';

/** PUT /api/sensor/unassign {data:{deveui}}: the box leaves its patient; what it recorded stays theirs. */
export const unassignSensor = async (deveui: string): Promise<SensorAssignment> =>
  (
    await apiRequest<{ data: SensorAssignment }>('/api/sensor/unassign', {
      method: 'PUT',
      body: { data: { deveui } },
    })
  ).data;

export function useUnassignSensor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unassignSensor, onSuccess: () => invalidateDevices(queryClient) });
}
