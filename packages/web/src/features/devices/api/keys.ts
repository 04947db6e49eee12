import type { QueryClient } from '@tanstack/react-query';

/** The query keys of the devices feature: one factory, so invalidations and prefetches agree. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (page: DevicePage) => [...deviceKeys.all, 'list', page] as const,
  patients: (search: string) => [...deviceKeys.all, 'patients', search] as const,
};

/** A page of the device list: 1-based, and its size. */
export interface DevicePage {
  page: number;
  pageSize: number;
}

/** After an (un)assignment the list, the patient search and any profile showing a sensor are stale. */
export const invalidateDevices = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['current-user'] }),
  ]);
