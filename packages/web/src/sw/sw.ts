/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isPlanRequest, PLAN_CACHE, planCopy } from './plan-copy';

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
