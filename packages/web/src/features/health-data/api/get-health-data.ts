import type { HealthDataResponse } from '@dosedot/domain/health';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The six sections as the server keeps them, with age and BMI worked out. */
export type HealthData = HealthDataResponse['data'];

export const healthDataKeys = { all: ['health-data'] as const };

/** GET /api/health-data (health-data users only). */
export const getHealthData = async () => (await apiRequest<HealthDataResponse>('/api/health-data')).data;

export const healthDataQueryOptions = () =>
  queryOptions({ queryKey: healthDataKeys.all, queryFn: getHealthData });

export const useHealthData = () => useQuery(healthDataQueryOptions());
