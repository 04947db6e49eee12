import type { SensorySummariesResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './keys';

/** GET /api/sensory-summaries: the boxes; the ones no patient holds can be assigned. */
export const getFreeSensors = async (): Promise<string[]> =>
  (await apiRequest<SensorySummariesResponse>('/api/sensory-summaries')).data
    .filter((s) => s.attributes.profile === null)
    .map((s) => s.attributes.deveui)
    .sort();

export const freeSensorsQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.sensors(), queryFn: getFreeSensors });

export const useFreeSensors = (enabled: boolean) => useQuery({ ...freeSensorsQueryOptions(), enabled });
