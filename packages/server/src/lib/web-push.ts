import type { Agent } from 'node:https';
import webPush from 'web-push';

/** A browser's subscription: its push service's endpoint and its keys (RFC 8291), base64url. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: taken, or the subscription is gone (404/410: remove it). */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The server's VAPID public key, which browsers subscribe with. */
  publicKey: string;
  /** Sends one message (encrypted, aes128gcm); throws when the push service fails otherwise. */
  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome>;
}

/**
 * Web Push through the `web-push` package: the payload encrypted for the browser (RFC 8291,
 * aes128gcm) and the request signed with the server's VAPID key (RFC 8292). `agent` is the HTTPS
 * agent for the push services (tests: one that trusts their loopback push service's certificate).
 */
export function createPushSender(
  vapid: { publicKey: string; privateKey: string; subject: string },
  agent?: Agent,
): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, ttlSeconds) {
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: ttlSeconds,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(agent ? { agent } : {}),
          },
        );
        return 'sent';
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw err;
      }
    },
  };
}
