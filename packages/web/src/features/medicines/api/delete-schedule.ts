import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMedicineData } from './keys';

/** DELETE /api/medicine-schedules/{id}: one dosage time of a medicine. */
export const deleteSchedule = (id: number) =>
  apiRequest<{ data: { id: number } }>(`/api/medicine-schedules/${id}`, { method: 'DELETE' });

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSchedule, onSuccess: () => invalidateMedicineData(queryClient) });
}
