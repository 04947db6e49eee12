import type { CaregivingResponse } from '@dosedot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';

const key = () => [...currentUserKeys.all, 'caregiving'] as const;

/** GET /api/caregiving: the patients I care for (asked for once `enabled`). */
export const useCaredFor = (enabled = true) =>
  useQuery({
    queryKey: key(),
    queryFn: async () => (await apiRequest<CaregivingResponse>('/api/caregiving')).data,
    enabled,
  });

/** POST /api/caregivers/accept: takes the invitation of an e-mailed link. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (
        await apiRequest<CaregivingResponse>('/api/caregivers/accept', {
          method: 'POST',
          body: { data: { token } },
        })
      ).data,
    // A list asked for before the invitation was taken must not arrive after and hide the new one.
    onSuccess: async (patients) => {
      await queryClient.cancelQueries({ queryKey: key() });
      queryClient.setQueryData(key(), patients);
    },
  });
}
