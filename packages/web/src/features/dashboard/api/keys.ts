/** The query keys of the dashboard feature: one factory, so invalidations and prefetches agree. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  adherence: (range: DateRange) => [...dashboardKeys.all, 'adherence', range] as const,
};

/** Chart days, both included. */
export interface DateRange {
  from: string;
  to: string;
}
