import type { NotificationsResponse, ReminderSettingsBody } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';

/** Notifications a page of the list shows. */
export const NOTIFICATIONS_PAGE = 5;

const keys = {
  settings: () => [...currentUserKeys.all, 'reminder-settings'] as const,
  notifications: (page: number) => [...currentUserKeys.all, 'notifications', page] as const,
};

/** GET /api/reminders/settings: e-mail on or off, quiet hours, when a dose counts as missed. */
export const useReminderSettings = () =>
  useQuery(
    queryOptions({
      queryKey: keys.settings(),
      queryFn: async () => (await apiRequest<{ data: ReminderSettingsBody }>('/api/reminders/settings')).data,
    }),
  );

/** PUT /api/reminders/settings: saves them and puts the answer in the cache. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: ReminderSettingsBody) =>
      (
        await apiRequest<{ data: ReminderSettingsBody }>('/api/reminders/settings', {
          method: 'PUT',
          body: { data },
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(keys.settings(), saved),
  });
}

/** GET /api/reminders/notifications: what DoseDot sent, newest dose first, a page at a time. */
export const useNotifications = (page: number) =>
  useQuery({
    queryKey: keys.notifications(page),
    queryFn: () =>
      apiRequest<NotificationsResponse>(
        `/api/reminders/notifications?pagination[page]=${page}&pagination[pageSize]=${NOTIFICATIONS_PAGE}`,
      ),
    placeholderData: keepPreviousData,
  });
