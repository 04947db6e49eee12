import { useMutation } from '@tanstack/react-query';
import { startImpersonation } from '../../../lib/impersonation';

export interface StartInput {
  profileuid: string;
  reason: string;
}

/** POST /api/impersonation {data:{profileuid, reason}}: the session becomes the app's current one. */
export const useStartImpersonation = () =>
  useMutation({ mutationFn: ({ profileuid, reason }: StartInput) => startImpersonation(profileuid, reason) });
