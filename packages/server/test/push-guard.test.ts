import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/lib/public-address';
import { createPushSender } from '../src/lib/web-push';
import { browserKeys, PUSH_SERVICE_PEM, type PushService, startPushService } from './push-service';

/*
 * A push endpoint is the browser's word: the server posts only to public addresses, so a
 * subscription cannot make it send requests into its own network (decision 0015).
 */

describe('public addresses', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const ip of ['8.8.8.8', '195.186.1.111', '2001:4860:4860::8888'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe('Web Push to non-public addresses', () => {
  let service: PushService;
  const vapid = (() => {
    const { ecdh } = browserKeys();
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
      subject: 'mailto:ops@dosedot.test',
    };
  })();
  const keys = browserKeys();
  const target = (endpoint: string) => ({ endpoint, p256dh: keys.p256dh, auth: keys.authText });

  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('sends nothing to a loopback endpoint, named by address or by a name that resolves to it', async () => {
    const guarded = createPushSender(vapid);
    const port = new URL(service.origin).port;
    expect(await guarded.send(target(`${service.origin}/push/a`), 'hello', 60)).toBe('gone');
    expect(await guarded.send(target(`https://localhost:${port}/push/b`), 'hello', 60)).toBe('gone');
    expect(await guarded.send(target(`https://[::ffff:127.0.0.1]:${port}/push/c`), 'hello', 60)).toBe('gone');
    expect(service.received).toEqual([]);
  });

  it('sends there when private networks are allowed (the tests’ own push service)', async () => {
    const open = createPushSender(vapid, new Agent({ ca: PUSH_SERVICE_PEM }), true);
    expect(await open.send(target(`${service.origin}/push/d`), 'hello', 60)).toBe('sent');
    expect(service.received.map((r) => r.path)).toEqual(['/push/d']);
  });
});
