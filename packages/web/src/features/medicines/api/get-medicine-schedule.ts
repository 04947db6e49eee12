import type { MedicineScheduleResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
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
  const path = `/api/medicine-schedule/medicine/${id}${query}`;
  return (await patientRequest<MedicineScheduleResponse>(patient, path)).data;
}

export const medicineScheduleQueryOptions = (patient: Patient, id: number, range?: DateRange) =>
  queryOptions({
    queryKey: medicineKeys.schedule(patient, id, range),
    queryFn: () => getMedicineSchedule(patient, id, range),
  });

/** Oneself's medicine, or the impersonated patient's. */
export function useMedicineSchedule(id: number | undefined, range?: DateRange) {
  const patient = useViewer().subject;
  return useQuery({ ...medicineScheduleQueryOptions(patient, id ?? 0, range), enabled: id !== undefined });
}
