import type { EmediplanExport } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

/** GET /api/emediplan/export: the patient's current plan as CHMED16A (the QR code) and CHMED23A (the file). */
export const emediplanExportQueryOptions = (patient: Patient) =>
  queryOptions({
    queryKey: [...medicineKeys.of(patient), 'emediplan-export'] as const,
    queryFn: async () =>
      (await patientRequest<{ data: EmediplanExport }>(patient, '/api/emediplan/export')).data,
  });

export function useEmediplanExport(enabled: boolean) {
  const patient = useViewer().subject;
  return useQuery({ ...emediplanExportQueryOptions(patient), enabled });
}
