/*
 * Bytes as the network servers send them: base64 (TTS, ChirpStack) or hex. Written here rather than
 * with Buffer or atob so the domain stays free of Node and DOM types.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
// base64url too: some integrations use it.
VALUES['-'.charCodeAt(0)] = 62;
VALUES['_'.charCodeAt(0)] = 63;

/** The bytes of a base64 text, or null when it is not base64 (wrong characters or length). */
export function base64ToBytes(text: string): Uint8Array | null {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */) end--;
  if (text.length - end > 2) return null;
  if (text.length % 4 !== 0 && text.length !== end) return null;
  const remainder = end % 4;
  if (remainder === 1) return null;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const a = value(text, i);
    const b = value(text, i + 1);
    const c = value(text, i + 2);
    const d = value(text, i + 3);
    if ((a | b | c | d) < 0) return null;
    out[o++] = (a << 2) | (b >> 4);
    out[o++] = ((b & 15) << 4) | (c >> 2);
    out[o++] = ((c & 3) << 6) | d;
  }
  if (remainder >= 2) {
    const a = value(text, i);
    const b = value(text, i + 1);
    if ((a | b) < 0) return null;
    out[o++] = (a << 2) | (b >> 4);
    if (remainder === 3) {
      const c = value(text, i + 2);
      if (c < 0) return null;
      out[o++] = ((b & 15) << 4) | (c >> 2);
    }
  }
  return out;
}

function value(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < 128 ? (VALUES[code] ?? -1) : -1;
}

/** Standard base64 with padding. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}${ALPHABET[(n >> 6) & 63]}${ALPHABET[n & 63]}`;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    out += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}${ALPHABET[(n >> 6) & 63]}=`;
  }
  return out;
}

/** The bytes of a hex text (any case, even length), or null. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out.toUpperCase();
}

/** A reader that names the offset of what is missing. */
export class ByteReader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private need(n: number, what: string) {
    if (this.offset + n > this.bytes.length)
      throw new DecodeError(`${what} needs ${n} byte(s) at offset ${this.offset}, ${this.remaining} left`);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.offset++] ?? 0;
  }

  u16be(what: string): number {
    this.need(2, what);
    const v = ((this.bytes[this.offset] ?? 0) << 8) | (this.bytes[this.offset + 1] ?? 0);
    this.offset += 2;
    return v;
  }

  i16be(what: string): number {
    const v = this.u16be(what);
    return v >= 0x8000 ? v - 0x10000 : v;
  }

  u16le(what: string): number {
    this.need(2, what);
    const v = (this.bytes[this.offset] ?? 0) | ((this.bytes[this.offset + 1] ?? 0) << 8);
    this.offset += 2;
    return v;
  }

  i16le(what: string): number {
    const v = this.u16le(what);
    return v >= 0x8000 ? v - 0x10000 : v;
  }

  u24be(what: string): number {
    this.need(3, what);
    const b = this.bytes;
    const o = this.offset;
    this.offset += 3;
    return ((b[o] ?? 0) << 16) | ((b[o + 1] ?? 0) << 8) | (b[o + 2] ?? 0);
  }

  u32le(what: string): number {
    this.need(4, what);
    const b = this.bytes;
    const o = this.offset;
    this.offset += 4;
    return ((b[o] ?? 0) | ((b[o + 1] ?? 0) << 8) | ((b[o + 2] ?? 0) << 16)) + (b[o + 3] ?? 0) * 0x1000000;
  }
}

/** A payload that does not follow its format; the message says where. */
export class DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecodeError';
  }
}

/** One decimal, without floating-point tails (22.800000000000001 → 22.8). */
export const round1 = (v: number): number => Math.round(v * 10) / 10;
