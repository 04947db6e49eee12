import { type Patient, patientKey } from '../../../lib/impersonation';

/**
 * The query keys of the dashboard feature: one factory, so invalidations and prefetches agree.
 * Each names whose data it holds (oneself, or the impersonated patient: lib/impersonation.ts).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  adherence: (patient: Patient, range: DateRange) =>
    [...dashboardKeys.all, patientKey(patient), 'adherence', range] as const,
};

/** Chart days, both included. */
export interface DateRange {
  from: string;
  to: string;
}
