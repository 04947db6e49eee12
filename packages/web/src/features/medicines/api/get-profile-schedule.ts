import type { profileScheduleResponseSchema } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Patient, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { medicineKeys } from './keys';

/** Every dosage time with its medicine, and every medicine with a posology with it. */
export type ProfileSchedule = z.infer<typeof profileScheduleResponseSchema>['data'];

/**
 * GET /api/medicine-schedules/profile: every dosage time of the patient (oneself or the impersonated
 * one) with its medicine, and the medicines whose schedule is a posology (decision 0014).
 */
export const getProfileSchedule = async (patient: Patient): Promise<ProfileSchedule> =>
  (await patientRequest<{ data: ProfileSchedule }>(patient, '/api/medicine-schedules/profile')).data;

export const profileScheduleQueryOptions = (patient: Patient) =>
  queryOptions({
    queryKey: medicineKeys.profileSchedule(patient),
    queryFn: () => getProfileSchedule(patient),
  });

export const useProfileSchedule = () => useQuery(profileScheduleQueryOptions(useViewer().subject));
