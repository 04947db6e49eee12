import type { ManualIntake } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { invalidateMedicineData } from './keys';

export interface NewIntake {
  medicine: number;
  /** ISO instant; absent: now (a confirmed past dose: its own time). */
  taken_at?: string;
  amount?: number | null;
  /** The scheduled dose it confirms by hand (its `scheduledAt`); absent for an as-needed intake. */
  scheduled_at?: string;
}

/** POST /api/medicine-intakes {data:{medicine, taken_at?, amount?, scheduled_at?}}: an intake entered by hand. */
export const createIntake = async (patient: Patient, data: NewIntake): Promise<ManualIntake> =>
  (
    await patientRequest<{ data: ManualIntake }>(patient, '/api/medicine-intakes', {
      method: 'POST',
      body: { data },
    })
  ).data;

/** For oneself, or the impersonated patient (who entered it is kept: the administrator then). */
export function useCreateIntake() {
  const queryClient = useQueryClient();
  const patient = useViewer().subject;
  return useMutation({
    mutationFn: (data: NewIntake) => createIntake(patient, data),
    onSuccess: () => invalidateMedicineData(queryClient),
  });
}
