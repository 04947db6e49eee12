import type { Caregiver } from '@dosedot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';

const key = () => [...currentUserKeys.all, 'caregivers'] as const;

/** GET /api/caregivers: my caregivers and open invitations. */
export const useCaregivers = () =>
  useQuery({
    queryKey: key(),
    queryFn: async () => (await apiRequest<{ data: Caregiver[] }>('/api/caregivers')).data,
  });

/** POST /api/caregivers/invite: the link goes to the address by e-mail. */
export function useInviteCaregiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ data: Caregiver }>('/api/caregivers/invite', {
        method: 'POST',
        body: { data: { email } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key() }),
  });
}

/** DELETE /api/caregivers/:id: ends a caregiver's access, or withdraws an invitation. */
export function useRevokeCaregiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/caregivers/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key() }),
  });
}
