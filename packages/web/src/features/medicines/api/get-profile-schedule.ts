import type { profileScheduleEntrySchema } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { impRequest, type Patient, usePatient } from '../../../lib/impersonation';
import { medicineKeys } from './keys';

export type ScheduleEntry = z.infer<typeof profileScheduleEntrySchema>;

type Answer = { data: { schedule: ScheduleEntry[] } };

/**
 * GET /api/medicine-schedules/profile: every dosage time of the patient with its medicine
 * (GET /api/medicine-schedules/imp/profile/{userId} for the impersonated patient).
 */
export const getProfileSchedule = async (patient: Patient): Promise<ScheduleEntry[]> =>
  (patient
    ? await impRequest<Answer>(`/api/medicine-schedules/imp/profile/${patient.userid}`)
    : await apiRequest<Answer>('/api/medicine-schedules/profile')
  ).data.schedule;

export const profileScheduleQueryOptions = (patient: Patient) =>
  queryOptions({
    queryKey: medicineKeys.profileSchedule(patient),
    queryFn: () => getProfileSchedule(patient),
  });

export const useProfileSchedule = () => useQuery(profileScheduleQueryOptions(usePatient()));
