import type { Schedule } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMedicineData } from './keys';

export interface NewSchedule {
  medicine: number;
  /** 'HH:MM'; the API form appends ':00.000' (spec section 5). */
  time: string;
}

/** POST /api/medicine-schedules {data:{dosage_time:'HH:MM:00.000', medicine}}. */
export const createSchedule = async ({ medicine, time }: NewSchedule): Promise<Schedule> =>
  (
    await apiRequest<{ data: Schedule }>('/api/medicine-schedules', {
      method: 'POST',
      body: { data: { dosage_time: `${time}:00.000`, medicine } },
    })
  ).data;

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSchedule, onSuccess: () => invalidateMedicineData(queryClient) });
}
