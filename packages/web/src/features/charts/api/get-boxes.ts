import type { SensorySummariesResponse } from '@dosedot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys } from './keys';

export type Box = SensorySummariesResponse['data'][number];

/** GET /api/sensory-summaries (admin): the boxes an administrator may chart, the first hundred. */
export const getBoxes = async (): Promise<Box[]> =>
  (
    await apiRequest<SensorySummariesResponse>(
      '/api/sensory-summaries?sort[0]=deveui&pagination[pageSize]=100',
    )
  ).data;

export const boxesQueryOptions = () => queryOptions({ queryKey: chartKeys.boxes(), queryFn: getBoxes });

export const useBoxes = (enabled: boolean) => useQuery({ ...boxesQueryOptions(), enabled });
