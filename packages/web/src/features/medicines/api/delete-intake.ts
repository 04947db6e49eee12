import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { invalidateMedicineData } from './keys';

/** DELETE /api/medicine-intakes/{id}: undoes an intake entered by hand. */
export const deleteIntake = (patient: Patient, id: number) =>
  patientRequest<{ data: { id: number } }>(patient, `/api/medicine-intakes/${id}`, { method: 'DELETE' });

export function useDeleteIntake() {
  const queryClient = useQueryClient();
  const patient = useViewer().subject;
  return useMutation({
    mutationFn: (id: number) => deleteIntake(patient, id),
    onSuccess: () => invalidateMedicineData(queryClient),
  });
}
