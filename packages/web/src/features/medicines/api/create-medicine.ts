import type { Medicine, MedicineInput } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { invalidateMedicineData } from './keys';

/** POST /api/medicine/assignMedicine: a new medicine with its dosage times, oneself's or the impersonated patient's. */
export async function createMedicine(patient: Patient, input: MedicineInput): Promise<Medicine> {
  const answer = await patientRequest<{ data: Medicine }>(patient, '/api/medicine/assignMedicine', {
    method: 'POST',
    body: { data: input },
  });
  return answer.data;
}

/** `forPatient` tells the form whom it added for (the spec's toast differs for an impersonated add). */
export function useCreateMedicine() {
  const queryClient = useQueryClient();
  const patient = useViewer().subject;
  const mutation = useMutation({
    mutationFn: (input: MedicineInput) => createMedicine(patient, input),
    onSuccess: () => invalidateMedicineData(queryClient),
  });
  return { ...mutation, forPatient: patient !== null };
}
