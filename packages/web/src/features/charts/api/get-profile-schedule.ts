import type { profileScheduleEntrySchema } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './keys';

export type ScheduleEntry = z.infer<typeof profileScheduleEntrySchema>;

/** GET /api/medicine-schedules/profile: every dosage time of the patient with its medicine. */
export const getProfileSchedule = async (): Promise<ScheduleEntry[]> =>
  (await apiRequest<{ data: { schedule: ScheduleEntry[] } }>('/api/medicine-schedules/profile')).data
    .schedule;

export const profileScheduleQueryOptions = () =>
  queryOptions({ queryKey: chartKeys.schedule(), queryFn: getProfileSchedule });

export const useProfileSchedule = () => useQuery(profileScheduleQueryOptions());
