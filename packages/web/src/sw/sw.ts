/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isPlanRequest, PLAN_CACHE, planCopy } from './plan-copy';
import { actionRequestOf, notificationOf, parseMessage } from './push';

/*
 * DoseDot's service worker (issue 26 items 1-3), built by vite-plugin-pwa (injectManifest): the app
 * shell precached so the app opens without a network, today's plan from its last fetched copy, and
 * a new version waiting until the user takes it ('reload' prompt, lib/pwa.ts).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The 'reload' prompt's answer: the new version takes over, the page then reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page of the app is index.html; the router decides. /api never.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

registerRoute(
  ({ url, request }) => isPlanRequest(url, request, self.location.origin),
  async ({ request }) => planCopy(request, await caches.open(PLAN_CACHE), () => caches.delete(PLAN_CACHE)),
);

// A reminder or an alert by push: shown with its buttons (issue 26 items 2-3).
self.addEventListener('push', (event) => {
  const message = parseMessage(event.data?.text());
  // Chromium shows two buttons on desktops, more on some phones (Notification.maxActions).
  const maxActions = (Notification as typeof Notification & { maxActions?: number }).maxActions ?? 2;
  const { title, options } = notificationOf(message, maxActions);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a window of the app on the page, or opens one. */
async function openApp(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => undefined);
  } else await self.clients.openWindow(url);
}

// A button answers the API with the notification's token; a failure (no network, the token used or
// too old) or a tap on the notification itself opens the app where the dose can be confirmed.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const message = parseMessage(JSON.stringify(event.notification.data));
  const request = actionRequestOf(event.action, message);
  event.waitUntil(
    (async () => {
      if (request) {
        const res = await fetch('/api/reminders/dose-action', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: request.body,
        }).catch(() => null);
        if (res?.ok) return;
      }
      await openApp(message.url);
    })(),
  );
});
