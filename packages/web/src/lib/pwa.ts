import { useSyncExternalStore } from 'react';

/*
 * The service worker (src/sw/sw.ts; issue 26 items 1-3), registered once the page has loaded and
 * the browser is idle: its code and its precaching never compete with the first page. When a new
 * version is waiting, `useUpdateWaiting` turns true and the shell offers to reload (update-prompt).
 */
let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** Registers the service worker after the load (no-op where browsers have none). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const updateSW = registerSW({
        onNeedRefresh() {
          update = updateSW;
          for (const listener of listeners) listener();
        },
      });
    });
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(start) : setTimeout(start, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Whether a new version waits to take over. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => update !== null,
  );
}

/** Lets the waiting version take over, then reloads the page. */
export function reloadToUpdate(): void {
  void update?.(true);
}

/** Forgets the daily plan's kept copy (at logout and sign-in: it is one user's). */
export function dropOfflineCopy(): void {
  // globalThis: also where there is no window (the session's tests run in Node).
  if ('caches' in globalThis) void caches.delete('dosedot-plan').catch(() => undefined);
}
