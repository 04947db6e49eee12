import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMedicineData, medicineKeys } from './keys';

/** DELETE /api/medicines/{id}: the medicine and its dosage times (recorded presses stay). */
export const deleteMedicine = (id: number) =>
  apiRequest<{ data: { id: number } }>(`/api/medicines/${id}`, { method: 'DELETE' });

export function useDeleteMedicine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedicine,
    onSuccess: async (_answer, id) => {
      // Its own schedule and history are gone: drop them instead of asking for them again (404).
      queryClient.removeQueries({ queryKey: [...medicineKeys.of(null), 'schedule', id] });
      await invalidateMedicineData(queryClient);
    },
  });
}
