import type { NotificationsResponse } from '@dosedot/domain';
import { useQuery } from '@tanstack/react-query';
import { patientKey, patientRequest } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { dashboardKeys } from './keys';

/** Alerts a caregiver's dashboard lists (the newest doses' notifications, reminders left out). */
const ALERTS_PAGE = 20;

/**
 * GET /api/reminders/notifications for the patient shown: what DoseDot sent about their doses,
 * newest dose first, without the reminders (a caregiver's dashboard lists the alerts).
 */
export function useAlerts() {
  const patient = useViewer().subject;
  return useQuery({
    queryKey: [...dashboardKeys.all, patientKey(patient), 'alerts'] as const,
    queryFn: async () =>
      (
        await patientRequest<NotificationsResponse>(
          patient,
          `/api/reminders/notifications?pagination[page]=1&pagination[pageSize]=${ALERTS_PAGE}`,
        )
      ).data.filter((n) => n.kind !== 'reminder'),
  });
}
