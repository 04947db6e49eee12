import type { EmediplanPreview } from '@dosedot/domain';
import { useMutation } from '@tanstack/react-query';
import { patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';

/** POST /api/emediplan/preview: the plan a code holds, and whether it is the patient's (nothing is written). */
export function usePreviewEmediplan() {
  const patient = useViewer().subject;
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await patientRequest<{ data: EmediplanPreview }>(patient, '/api/emediplan/preview', {
          method: 'POST',
          body: { data: { code } },
        })
      ).data,
  });
}
