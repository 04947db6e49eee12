import type { AuthUser, Role } from '@dosedot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './keys';

/** What PUT /api/users/{id} changes: blocked (Strapi's users-permissions), or the role with a code. */
export type UserUpdate = { blocked: boolean } | { role: Role; code: string };

/** PUT /api/users/{id}: answers the user as /api/users/me has it. */
export const updateUser = ({ id, ...body }: UserUpdate & { id: number }) =>
  apiRequest<AuthUser>(`/api/users/${id}`, { method: 'PUT', body });

/** Blocks, unblocks or changes the role of a user; then the list shows it. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}
