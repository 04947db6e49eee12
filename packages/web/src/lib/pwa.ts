import { useSyncExternalStore } from 'react';
import { whenIdle } from './idle';

/*
 * The service worker (src/sw/sw.ts; issue 26 items 1-3), registered a few seconds after the page has
 * loaded, when the browser is idle: its code (workbox-window) and its precaching (the whole shell)
 * never compete with the first page and its data on a phone's slow link (issue 23 item 12). When a
 * new version is waiting, `useUpdateWaiting` turns true and the shell offers to reload (update-prompt).
 */
/** How long after the load the registration waits: the page's own data and first renders come first. */
const AFTER_LOAD_MS = 5000;
let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** Registers the service worker a while after the load (no-op where browsers have none). */
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
  const later = () => setTimeout(() => whenIdle(start), AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
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
