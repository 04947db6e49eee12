import type { ProfileListEntry } from '@dosedot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';

/**
 * The patient whose reason dialog is open, and what happens once the session started: the
 * patient's dashboard opens under the banner.
 */
export function useBeginImpersonation() {
  const [choosing, setChoosing] = useState<ProfileListEntry | null>(null);
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const queryClient = useQueryClient();
  return {
    choosing,
    choose: setChoosing,
    cancel: () => setChoosing(null),
    started: () => {
      setChoosing(null);
      void queryClient.invalidateQueries({ queryKey: ['patients'] });
      void navigate(href(paths.dashboard));
    },
  };
}
