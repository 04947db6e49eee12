import type { Medicine } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPatientProfile, type Patient, usePatient } from '../../../lib/impersonation';
import { medicineKeys } from './keys';

/**
 * GET /api/medicines[?type=1|2]: the patient's medicines, all or of one type. While impersonating,
 * the medicines of GET /api/profile/imp/userdata/{profileuid} (the same list, of that patient).
 */
export async function getMedicines(patient: Patient, type?: 1 | 2): Promise<Medicine[]> {
  if (patient) {
    const { medicines } = await getPatientProfile(patient.profileuid);
    return type ? medicines.filter((m) => m.type === type) : medicines;
  }
  return (await apiRequest<{ data: Medicine[] }>(`/api/medicines${type ? `?type=${type}` : ''}`)).data;
}

export const medicinesQueryOptions = (patient: Patient, type?: 1 | 2) =>
  queryOptions({ queryKey: medicineKeys.list(patient, type), queryFn: () => getMedicines(patient, type) });

export const useMedicines = (type?: 1 | 2) => useQuery(medicinesQueryOptions(usePatient(), type));
