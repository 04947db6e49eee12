import type { SensorySummariesResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DevicePage, deviceKeys } from './keys';

export type Device = SensorySummariesResponse['data'][number];
export type DeviceList = SensorySummariesResponse;

/** GET /api/sensory-summaries: one page of the boxes, by id, with their holder and service hints. */
export const getDevices = ({ page, pageSize }: DevicePage): Promise<DeviceList> =>
  apiRequest<DeviceList>(
    `/api/sensory-summaries?sort[0]=id&pagination[page]=${page}&pagination[pageSize]=${pageSize}`,
  );

export const devicesQueryOptions = (page: DevicePage) =>
  queryOptions({ queryKey: deviceKeys.list(page), queryFn: () => getDevices(page) });

/** The previous page stays on screen while the next one loads. */
export const useDevices = (page: DevicePage) =>
  useQuery({ ...devicesQueryOptions(page), placeholderData: keepPreviousData });
