import { useCallback, useState } from 'react';

/**
 * False until the element given to the returned ref comes within `margin` of the screen, then true
 * for good: for a heavy part far down a page (My Medicine's dot chart and plans: ECharts, 150 KB
 * compressed, and their drawing), which a phone then neither downloads nor draws until the patient
 * scrolls towards it (issue 23 item 12). True at once where IntersectionObserver is missing.
 */
export function useNearViewport<T extends Element>(margin = '400px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
