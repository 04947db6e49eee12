import type { profileScheduleEntrySchema } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

export type ScheduleEntry = z.infer<typeof profileScheduleEntrySchema>;

type Answer = { data: { schedule: ScheduleEntry[] } };

/** GET /api/medicine-schedules/profile: every dosage time of the patient (oneself or the impersonated one) with its medicine. */
export const getProfileSchedule = async (patient: Patient): Promise<ScheduleEntry[]> =>
  (await patientRequest<Answer>(patient, '/api/medicine-schedules/profile')).data.schedule;

export const profileScheduleQueryOptions = (patient: Patient) =>
  queryOptions({
    queryKey: medicineKeys.profileSchedule(patient),
    queryFn: () => getProfileSchedule(patient),
  });

export const useProfileSchedule = () => useQuery(profileScheduleQueryOptions(useViewer().subject));
