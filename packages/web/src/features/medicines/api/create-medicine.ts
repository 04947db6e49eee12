import type { Medicine, MedicineInput } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { impRequest, type Patient, usePatient } from '../../../lib/impersonation';
import { invalidateMedicineData } from './keys';

/**
 * POST /api/medicine/assignMedicine: a new medicine with its dosage times; for the impersonated
 * patient POST /api/medicine/impersonateAssignMedicine {data, impUserId}.
 */
export async function createMedicine(patient: Patient, input: MedicineInput): Promise<Medicine> {
  const answer = patient
    ? await impRequest<{ data: Medicine }>('/api/medicine/impersonateAssignMedicine', {
        method: 'POST',
        body: { data: input, impUserId: patient.userid },
      })
    : await apiRequest<{ data: Medicine }>('/api/medicine/assignMedicine', {
        method: 'POST',
        body: { data: input },
      });
  return answer.data;
}

/** `forPatient` tells the form whom it added for (the spec's toast differs for an impersonated add). */
export function useCreateMedicine() {
  const queryClient = useQueryClient();
  const patient = usePatient();
  const mutation = useMutation({
    mutationFn: (input: MedicineInput) => createMedicine(patient, input),
    onSuccess: () => invalidateMedicineData(queryClient),
  });
  return { ...mutation, forPatient: patient !== null };
}
