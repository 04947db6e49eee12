import { useCallback, useState } from 'react';
import { STORAGE_PREFIX } from '../../../lib/storage';

/** Set once the dot chart's tour was finished or skipped in this browser (logout clears it with the rest). */
export const TOUR_SEEN_KEY = `${STORAGE_PREFIX}tour.dot-chart`;

const seen = () => {
  try {
    return localStorage.getItem(TOUR_SEEN_KEY) !== null;
  } catch {
    return true;
  }
};

/** The guided tour: runs on the first visit, and again whenever asked. */
export function useTour() {
  const [run, setRun] = useState(() => !seen());
  const start = useCallback(() => setRun(true), []);
  const end = useCallback(() => {
    try {
      localStorage.setItem(TOUR_SEEN_KEY, 'seen');
    } catch {
      // Private mode without storage: the tour simply shows again next time.
    }
    setRun(false);
  }, []);
  return { run, start, end };
}
