import { type DateRange, useAdherenceQuery } from '../../../lib/adherence';
import { dashboardKeys } from './keys';

/** The dashboards follow presses as they arrive: refetched every minute while open. */
export function useAdherence(range: DateRange) {
  return useAdherenceQuery(dashboardKeys.adherence, range, { refetchInterval: 60_000 });
}
