import type { ListParams } from '../utils/list-query';

/** The query keys of the patients feature: one factory, so invalidations agree. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (params: ListParams) => [...patientKeys.all, 'list', params] as const,
  freeBoxes: (search: string, page: number) => [...patientKeys.all, 'free-boxes', search, page] as const,
  current: () => [...patientKeys.all, 'impersonation'] as const,
};
