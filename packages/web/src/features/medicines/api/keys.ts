import type { QueryClient } from '@tanstack/react-query';
import { currentUserKeys } from '../../../lib/current-user';

/** The query keys of the medicines feature: one factory, so invalidations and prefetches agree. */
export const medicineKeys = {
  all: ['medicines'] as const,
  list: (type?: 1 | 2) => [...medicineKeys.all, 'list', type ?? 'all'] as const,
  schedule: (id: number, range?: DateRange) => [...medicineKeys.all, 'schedule', id, range ?? {}] as const,
  profileSchedule: () => [...medicineKeys.all, 'profile-schedule'] as const,
  adherence: (range: DateRange) => [...medicineKeys.all, 'adherence', range] as const,
};

/** Chart days, both included. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * After a medicine or schedule changes: this feature's data and the profile (it lists the
 * medicines) refetch; every other query is marked stale, since the dashboards and charts of other
 * features are computed from the medicines too and must not show the old plan when next opened.
 */
export async function invalidateMedicineData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: medicineKeys.all }),
    queryClient.invalidateQueries({ queryKey: currentUserKeys.profile() }),
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== medicineKeys.all[0] && q.queryKey[0] !== currentUserKeys.all[0],
      refetchType: 'none',
    }),
  ]);
}
