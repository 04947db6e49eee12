import { apiRequest } from '../../../lib/api-client';

/*
 * Web Push on this browser (issue 26 item 2): the permission, the browser's subscription with the
 * server's key, and the subscription sent to the server (POST /api/reminders/push-subscriptions).
 */

/** Why this browser cannot take push notifications: a catalog key under profile.reminders. */
export type PushProblem = 'pushUnsupported' | 'pushDenied';

export class PushRefused extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

/** Whether this browser can show push notifications at all. */
export const pushSupported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker, or null when none takes control within a few seconds (blocked, private mode). */
async function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Asks for the permission, subscribes this browser and tells the server. */
export async function subscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) throw new PushRefused('pushUnsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('pushDenied');
  const registration = await serviceWorker();
  if (!registration) throw new PushRefused('pushUnsupported');
  const { data } = await apiRequest<{ data: { publicKey: string } }>('/api/reminders/push');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOf(data.publicKey),
    }));
  const { endpoint, keys } = subscription.toJSON();
  await apiRequest('/api/reminders/push-subscriptions', {
    method: 'POST',
    body: { data: { endpoint, keys } },
  });
}
