import type { SensorChartResponse } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartKeys, type DateRange } from './keys';

export type SensorChart = SensorChartResponse;

/** POST /api/medicine-history/chart {data:{deveui, startdate, enddate}}: the box's four series. */
export const getSensorChart = (deveui: string, range: DateRange): Promise<SensorChart> =>
  apiRequest<SensorChart>('/api/medicine-history/chart', {
    method: 'POST',
    body: { data: { deveui, startdate: range.from, enddate: range.to } },
  });

export const sensorChartQueryOptions = (deveui: string, range: DateRange) =>
  queryOptions({
    queryKey: chartKeys.sensor(deveui, range),
    queryFn: () => getSensorChart(deveui, range),
  });

/** The previous range's series stay on screen while another range loads. */
export const useSensorChart = (deveui: string | undefined, range: DateRange, enabled: boolean) =>
  useQuery({
    ...sensorChartQueryOptions(deveui ?? '', range),
    enabled: enabled && !!deveui,
    placeholderData: keepPreviousData,
  });
