import type { SensorySummariesResponse } from '@dosedot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DeviceListParams, listQuery } from '../utils/list-params';
import { deviceKeys } from './keys';

export type Device = SensorySummariesResponse['data'][number];
export type DeviceList = SensorySummariesResponse;

/** GET /api/sensory-summaries: one page of the boxes the search and filters match, with the fleet summary. */
const getDevices = (params: DeviceListParams): Promise<DeviceList> =>
  apiRequest<DeviceList>(`/api/sensory-summaries?${listQuery(params)}`);

/** The previous page stays on screen while the next one loads. */
export const useDevices = (params: DeviceListParams) =>
  useQuery({
    queryKey: deviceKeys.list(params),
    queryFn: () => getDevices(params),
    placeholderData: keepPreviousData,
  });
