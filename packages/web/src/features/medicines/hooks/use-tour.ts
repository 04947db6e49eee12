import type { Profile } from '@dosedot/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKeys, useProfile, useUser } from '../../../lib/current-user';
import { KEPT_PREFIX } from '../../../lib/storage';

/** Set for a user once the dot chart's tour opened by itself on this device; logout keeps it. */
const seenKey = (userId: number) => `${KEPT_PREFIX}tour.dot-chart.${userId}`;

const seen = (userId: number) => {
  try {
    return localStorage.getItem(seenKey(userId)) !== null;
  } catch {
    return true;
  }
};

const remember = (userId: number) => {
  try {
    localStorage.setItem(seenKey(userId), 'seen');
  } catch {
    // Private mode without storage: the tour may show once more on the next visit.
  }
};

/**
 * The guided tour: it opens by itself once for a user (the first time the chart has dots to
 * explain, remembered as it opens, so leaving the page does not bring it back), and then only when
 * asked for with the chart's help button. Remembered on the profile (`tour_seen`), so another
 * device does not open it again, and on this device at once (before the profile has answered).
 */
export function useTour(ready: boolean) {
  const userId = useUser().data?.id;
  const profile = useProfile().data;
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState(false);
  const [first, setFirst] = useState(false);
  useEffect(() => {
    if (!ready || userId === undefined || !profile || profile.tour_seen || seen(userId)) return;
    remember(userId);
    setFirst(true);
    apiRequest<Profile>('/api/profile/userdata', { method: 'PUT', body: { tour_seen: true } }).then(
      (saved) => queryClient.setQueryData(currentUserKeys.profile(), saved),
      // Not kept on the profile (offline, say): another device may open the tour once more.
      () => {},
    );
  }, [ready, userId, profile, queryClient]);
  const start = useCallback(() => setAsked(true), []);
  const end = useCallback(() => {
    setFirst(false);
    setAsked(false);
  }, []);
  return { run: asked || first, start, end };
}
