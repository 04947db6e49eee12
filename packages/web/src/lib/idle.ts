/**
 * Runs `then` once the browser is idle (`timeout` ms at the most), or in the next task where the
 * browser has no idle callbacks (Safari). Returns what cancels it.
 */
export function whenIdle(then: () => void, timeout?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(then, timeout === undefined ? undefined : { timeout });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(then, 0);
  return () => clearTimeout(timer);
}
