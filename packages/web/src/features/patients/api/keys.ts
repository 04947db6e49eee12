import type { ListParams } from '../utils/list-query';

/** The query keys of the patients feature: one factory, so invalidations agree. */
export const patientKeys = {
  all: ['patients'] as const,
  list: (params: ListParams) => [...patientKeys.all, 'list', params] as const,
  sensors: () => [...patientKeys.all, 'sensors'] as const,
  current: () => [...patientKeys.all, 'impersonation'] as const,
};
