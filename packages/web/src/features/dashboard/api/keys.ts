import type { DateRange } from '../../../lib/adherence';
import { type Patient, patientKey } from '../../../lib/impersonation';

export type { DateRange } from '../../../lib/adherence';

/**
 * The query keys of the dashboard feature: one factory, so invalidations and prefetches agree.
 * Each names whose data it holds (oneself, or the impersonated patient: lib/impersonation.ts).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  adherence: (patient: Patient, range: DateRange) =>
    [...dashboardKeys.all, patientKey(patient), 'adherence', range] as const,
};
