import type { MedicineScheduleResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { impRequest, type Patient, usePatient } from '../../../lib/impersonation';
import { type DateRange, medicineKeys } from './keys';

export type MedicineSchedule = MedicineScheduleResponse['data'];

/**
 * GET /api/medicine-schedule/medicine/{id}?from&to: the medicine, its dosage times and its intakes
 * (newest first); without a range the server takes the last 30 chart days within the medicine's dates.
 * Another patient's medicine answers 404.
 */
export async function getMedicineSchedule(
  patient: Patient,
  id: number,
  range?: DateRange,
): Promise<MedicineSchedule> {
  const query = range ? `?from=${range.from}&to=${range.to}` : '';
  const answer = patient
    ? await impRequest<MedicineScheduleResponse>(
        `/api/medicine-schedule/imp/medicine/${id}/${patient.userid}${query}`,
      )
    : await apiRequest<MedicineScheduleResponse>(`/api/medicine-schedule/medicine/${id}${query}`);
  return answer.data;
}

export const medicineScheduleQueryOptions = (patient: Patient, id: number, range?: DateRange) =>
  queryOptions({
    queryKey: medicineKeys.schedule(patient, id, range),
    queryFn: () => getMedicineSchedule(patient, id, range),
  });

/** While impersonating: GET /api/medicine-schedule/imp/medicine/{id}/{userId}. */
export function useMedicineSchedule(id: number | undefined, range?: DateRange) {
  const patient = usePatient();
  return useQuery({ ...medicineScheduleQueryOptions(patient, id ?? 0, range), enabled: id !== undefined });
}
