import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';

/**
 * False until the page has painted what it has (once `ready`: its first data there) and the browser
 * is idle, then true for good: for heavy parts that would otherwise take a phone's bandwidth and CPU
 * from the page's first paint (the dot chart's ECharts and its tour, My Medicine's plans and history:
 * issue 23 item 12). Two seconds at the most when the browser is never idle. The switch is a
 * transition: React renders those parts in slices, never one long task.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let cancelIdle = () => {};
    const show = () => startTransition(() => setPainted(true));
    // A frame's animation callbacks run before its paint: the next frame's come after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        cancelIdle = whenIdle(show, 2000);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [ready, painted]);
  return painted;
}
