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

/**
 * The guided tour: it starts by itself the first time the chart has dots to explain (a chart with
 * only its hint needs no tour, and the page stays usable), and again whenever asked.
 */
export function useTour(ready: boolean) {
  const [asked, setAsked] = useState(false);
  const [ended, setEnded] = useState(seen);
  const start = useCallback(() => setAsked(true), []);
  const end = useCallback(() => {
    try {
      localStorage.setItem(TOUR_SEEN_KEY, 'seen');
    } catch {
      // Private mode without storage: the tour simply shows again next time.
    }
    setEnded(true);
    setAsked(false);
  }, []);
  return { run: asked || (ready && !ended), start, end };
}
