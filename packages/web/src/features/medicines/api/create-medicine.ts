import type { Medicine, MedicineInput } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMedicineData } from './keys';

/** POST /api/medicine/assignMedicine: a new medicine with its dosage times. */
export const createMedicine = async (input: MedicineInput): Promise<Medicine> =>
  (
    await apiRequest<{ data: Medicine }>('/api/medicine/assignMedicine', {
      method: 'POST',
      body: { data: input },
    })
  ).data;

export function useCreateMedicine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMedicine, onSuccess: () => invalidateMedicineData(queryClient) });
}
