import type { Medicine } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

/** GET /api/medicines[?type=1|2]: the patient's medicines (oneself's or the impersonated one's), all or of one type. */
export async function getMedicines(patient: Patient, type?: 1 | 2): Promise<Medicine[]> {
  const path = `/api/medicines${type ? `?type=${type}` : ''}`;
  return (await patientRequest<{ data: Medicine[] }>(patient, path)).data;
}

export const medicinesQueryOptions = (patient: Patient, type?: 1 | 2) =>
  queryOptions({ queryKey: medicineKeys.list(patient, type), queryFn: () => getMedicines(patient, type) });

export const useMedicines = (type?: 1 | 2) => useQuery(medicinesQueryOptions(useViewer().subject, type));
