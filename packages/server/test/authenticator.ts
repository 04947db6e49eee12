import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/*
 * An authenticator app of our own, written from RFC 6238 with node:crypto alone (not the server's
 * totp.ts): base32 secret, HMAC-SHA1 over the 30-second step, dynamic truncation, 6 digits.
 */
export function authenticatorCode(secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[19] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Turns two-step sign-in on for a registered user (setup, then confirm with the current code): their
 * secret and recovery codes. The caller moves its clock on before the next code is taken.
 */
export async function enrolTwoFactor(
  app: FastifyInstance,
  user: { auth: Record<string, string>; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/two-factor/setup',
    headers: user.auth,
    payload: { password: user.password },
  });
  const { secret } = setup.json().data as { secret: string };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/two-factor/confirm',
    headers: user.auth,
    payload: { code: authenticatorCode(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}
