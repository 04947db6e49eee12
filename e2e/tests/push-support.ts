import { type BrowserContext, expect, type Page } from './fixtures';

/** Waits until a service worker controls the page (the specs that allow one: pwa, reminders by push). */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Delivers a push message to the app's service worker as a push service would, through the DevTools
 * protocol (ServiceWorker.deliverPushMessage): this Chromium has no push service of its own.
 */
export async function deliverPush(page: Page, context: BrowserContext, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof registrations }) => {
    registrations.push(...e.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  const ours = () => registrations.find((r) => r.scopeURL === `${origin}/`)?.registrationId;
  await expect.poll(ours).toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: ours() as string, data });
}

/** The notifications the service worker shows: title, body, language and the buttons' texts. */
export const notificationsShown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      lang: n.lang,
      actions: (n as Notification & { actions?: { title: string }[] }).actions?.map((a) => a.title) ?? [],
    })),
  );
