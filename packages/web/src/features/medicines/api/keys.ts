import type { QueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../../lib/adherence';
import { currentUserKeys } from '../../../lib/current-user';
import { type Patient, patientKey } from '../../../lib/impersonation';

export type { DateRange } from '../../../lib/adherence';

/**
 * The query keys of the medicines feature: one factory, so invalidations and prefetches agree.
 * Each names whose data it holds (oneself, or the impersonated patient: lib/impersonation.ts).
 */
export const medicineKeys = {
  all: ['medicines'] as const,
  of: (patient: Patient) => [...medicineKeys.all, patientKey(patient)] as const,
  list: (patient: Patient, type?: 1 | 2) => [...medicineKeys.of(patient), 'list', type ?? 'all'] as const,
  schedule: (patient: Patient, id: number, range?: DateRange) =>
    [...medicineKeys.of(patient), 'schedule', id, range ?? {}] as const,
  profileSchedule: (patient: Patient) => [...medicineKeys.of(patient), 'profile-schedule'] as const,
  stock: (patient: Patient) => [...medicineKeys.of(patient), 'stock'] as const,
  adherence: (patient: Patient, range: DateRange) =>
    [...medicineKeys.of(patient), 'adherence', range] as const,
};

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
