/** The query keys of the charts feature: one factory, so invalidations and prefetches agree. */
export const chartKeys = {
  all: ['charts'] as const,
  adherence: (range: DateRange) => [...chartKeys.all, 'adherence', range] as const,
  schedule: () => [...chartKeys.all, 'profile-schedule'] as const,
  sensor: (deveui: string, range: DateRange) => [...chartKeys.all, 'sensor', deveui, range] as const,
  boxes: () => [...chartKeys.all, 'boxes'] as const,
};

/** Chart days, both included. */
export interface DateRange {
  from: string;
  to: string;
}
