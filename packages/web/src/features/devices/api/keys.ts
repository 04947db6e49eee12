import type { QueryClient } from '@tanstack/react-query';
import type { DeviceListParams } from '../utils/list-params';

/** The query keys of the devices feature: one factory, so invalidations and prefetches agree. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (params: DeviceListParams) => [...deviceKeys.all, 'list', params] as const,
  patients: (search: string) => [...deviceKeys.all, 'patients', search] as const,
};

/** After an (un)assignment the list, the patient search and any profile showing a sensor are stale. */
export const invalidateDevices = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['current-user'] }),
  ]);
