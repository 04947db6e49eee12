import type { MedicineScheduleResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DateRange, medicineKeys } from './keys';

export type MedicineSchedule = MedicineScheduleResponse['data'];

/**
 * GET /api/medicine-schedule/medicine/{id}?from&to: the medicine, its dosage times and its intakes
 * (newest first); without a range the server takes the last 30 chart days within the medicine's dates.
 * Another patient's medicine answers 404.
 */
export async function getMedicineSchedule(id: number, range?: DateRange): Promise<MedicineSchedule> {
  const query = range ? `?from=${range.from}&to=${range.to}` : '';
  return (await apiRequest<MedicineScheduleResponse>(`/api/medicine-schedule/medicine/${id}${query}`)).data;
}

export const medicineScheduleQueryOptions = (id: number, range?: DateRange) =>
  queryOptions({
    queryKey: medicineKeys.schedule(id, range),
    queryFn: () => getMedicineSchedule(id, range),
  });

export const useMedicineSchedule = (id: number | undefined, range?: DateRange) =>
  useQuery({ ...medicineScheduleQueryOptions(id ?? 0, range), enabled: id !== undefined });
