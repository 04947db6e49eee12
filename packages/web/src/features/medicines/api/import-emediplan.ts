import type { EmediplanImportRequest, Medicine } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { invalidateMedicineData } from './keys';

/** POST /api/emediplan/import: the ticked lines of the code's plan become medicines, all at once. */
export function useImportEmediplan() {
  const queryClient = useQueryClient();
  const patient = useViewer().subject;
  return useMutation({
    mutationFn: async (input: EmediplanImportRequest) =>
      (
        await patientRequest<{ data: { medicines: Medicine[] } }>(patient, '/api/emediplan/import', {
          method: 'POST',
          body: { data: input },
        })
      ).data.medicines,
    onSuccess: () => invalidateMedicineData(queryClient),
  });
}
