import type { Medicine, MedicineInput } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMedicineData } from './keys';

export type MedicineChanges = { id: number } & Partial<MedicineInput>;

/** POST /api/medicine/editMedicineRecord: the id and the fields that change. */
export const editMedicine = async (changes: MedicineChanges): Promise<Medicine> =>
  (
    await apiRequest<{ data: Medicine }>('/api/medicine/editMedicineRecord', {
      method: 'POST',
      body: { data: changes },
    })
  ).data;

/** The fields of `next` that differ from `current` (dosage times are the schedule's business). */
export function changedFields(id: number, current: MedicineInput, next: MedicineInput): MedicineChanges {
  const changes: MedicineChanges = { id };
  for (const key of [
    'name',
    'type',
    'description',
    'strength',
    'galenic_form',
    'start_date',
    'end_date',
    'storage_temp_min',
    'storage_temp_max',
    'storage_humidity_max',
  ] as const) {
    if (current[key] !== next[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

export function useEditMedicine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editMedicine, onSuccess: () => invalidateMedicineData(queryClient) });
}
