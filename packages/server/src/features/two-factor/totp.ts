import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps make them:
 * HMAC-SHA1, 30-second steps, 6 digits. Written here instead of taken from a library: it is
 * twenty lines, and its test runs RFC 6238's own vectors.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone clock up to 30 s off, or a code typed at a step's end. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 (any case, spaces and padding ignored); throws on a foreign character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error('Invalid base32 character');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The time step of an instant (ms since the epoch). */
export const timeStep = (nowMs: number, period = TOTP_PERIOD_SECONDS) => Math.floor(nowMs / 1000 / period);

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** HOTP (RFC 4226): the code of a counter, with dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: HmacAlgorithm = 'sha1') {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP code of a base32 secret at a time step. */
export const totpAt = (secret: string, step: number, digits = TOTP_DIGITS) =>
  hotp(base32Decode(secret), step, digits);

/**
 * The time step whose code `code` is, within ±TOTP_WINDOW steps of now; undefined when none.
 * Whether that step was already used is the caller's check (the last accepted step is stored).
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = base32Decode(secret);
  const now = timeStep(nowMs);
  const given = Buffer.from(code);
  let found: number | undefined;
  // Every candidate is compared (in constant time), so the answer's time does not say which matched.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && found === undefined) found = step;
  }
  return found;
}

/** The otpauth:// URI an authenticator app reads from the QR code (Key URI Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
