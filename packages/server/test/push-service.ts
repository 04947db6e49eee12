import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/*
 * A Web Push service of the tests' own (issue 26 item 2): HTTPS on loopback with the certificate of
 * push-service.pem (made for 127.0.0.1, for tests only), keeping every message it gets and answering
 * 410 under /gone/ (a subscription that ended); and a "browser": its ECDH P-256 keys and auth secret,
 * and the decryption of what arrives (RFC 8291 / RFC 8188), with node:crypto only. Used by the API
 * test (test/web-push.test.ts) and the e2e (e2e/tests/reminders.spec.ts).
 */

/** The certificate and key of the test push service (PEM). */
export const PUSH_SERVICE_PEM = readFileSync(path.join(import.meta.dirname, 'push-service.pem'), 'utf8');

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: Received[] = [];
  const server: Server = createServer({ key: PUSH_SERVICE_PEM, cert: PUSH_SERVICE_PEM }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push keys: its ECDH P-256 pair and its 16-byte auth secret (and both as sent). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a message as the browser does (RFC 8291 with RFC 8188's aes128gcm: one record). Throws
 * when the record is not the last or does not authenticate.
 */
export function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record: the data, the delimiter 2, then zeros.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}
