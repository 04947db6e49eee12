import { Agent } from 'node:https';
import webPush from 'web-push';
import { isNonPublicLiteral, NotPublicAddressError, publicOnlyLookup } from './public-address';

/** A browser's subscription: its push service's endpoint and its keys (RFC 8291), base64url. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What a push service answered: taken, or the subscription is gone (404/410: remove it). A
 * subscription whose endpoint is not a public address is gone too: nothing is sent there.
 */
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
 *
 * The endpoint is the browser's word, so the server posts only to public addresses (no request
 * forged into the server's own network, decision 0015): an IP literal is checked before sending, a
 * name when the connection resolves it. `privateNetworks` lifts that for tests with a push service
 * on loopback (PUSH_PRIVATE_NETWORKS).
 */
export function createPushSender(
  vapid: { publicKey: string; privateKey: string; subject: string },
  agent?: Agent,
  privateNetworks = false,
): PushSender {
  const via =
    agent ?? (privateNetworks ? undefined : new Agent({ keepAlive: true, lookup: publicOnlyLookup }));
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, ttlSeconds) {
      if (!privateNetworks && isNonPublicLiteral(new URL(target.endpoint))) return 'gone';
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
            ...(via ? { agent: via } : {}),
          },
        );
        return 'sent';
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410 || err instanceof NotPublicAddressError) return 'gone';
        throw err;
      }
    },
  };
}
