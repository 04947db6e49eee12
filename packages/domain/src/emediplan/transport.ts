import { Gunzip, gzipSync } from 'fflate';

/*
 * ChTransmissionFormat (IG eMediplan, chtransmissionformat/README.md): the text in an eMediplan QR
 * code. `CHMED16A1` + base64 of the gzipped JSON, `CHMED16A0` + the JSON itself, `CHMED23A.` + base64
 * of the gzipped JSON (or `CHMED23A.i/n.` + the i-th of n chunks of it). The prefix is read case-
 * insensitively and written upper-case. fflate does the gzip, so the browser and the server read a
 * code with the same code; the decompressed size is capped against zip bombs.
 */

/** What both the browser and Node have, typed here since the domain compiles without DOM or Node types. */
const platform = globalThis as typeof globalThis & {
  atob(data: string): string;
  btoa(data: string): string;
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

/** What went wrong with a code, and where (`path`: 'code', or the JSON path of the bad field). */
export type EmediplanErrorCode =
  | 'empty'
  | 'notEmediplan'
  | 'unsupportedVersion'
  | 'chunk'
  | 'badBase64'
  | 'truncated'
  | 'notGzip'
  | 'corrupt'
  | 'oversized'
  | 'wrongEncoding'
  | 'notJson'
  | 'invalid';

export class EmediplanError extends Error {
  constructor(
    readonly code: EmediplanErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'EmediplanError';
  }
}

/** The decompressed JSON may be at most this many bytes (a QR code holds under 3 KB). */
export const MAX_JSON_BYTES = 1_000_000;
/** A pasted code or JSON file may be at most this many characters. */
export const MAX_INPUT_CHARS = 1_000_000;

const fail = (code: EmediplanErrorCode, message: string, path = 'code'): never => {
  throw new EmediplanError(code, path, message);
};

/** The bytes of base64 text (white space ignored). */
export function fromBase64(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact))
    fail('badBase64', 'The code has characters that base64 does not use');
  if (compact.length % 4 === 1)
    fail('truncated', 'The code ends in the middle of a character: it was cut short');
  const binary = platform.atob(compact.padEnd(Math.ceil(compact.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return platform.btoa(binary);
}

/** Gunzips `bytes`, refusing more than `maxBytes` of output before it is all held in memory. */
export function gunzipCapped(bytes: Uint8Array, maxBytes = MAX_JSON_BYTES): Uint8Array {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b)
      fail('truncated', 'The code was cut short');
    fail('notGzip', 'The code is not compressed the way eMediplan compresses (gzip)');
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const gunzip = new Gunzip((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) fail('oversized', `The plan is larger than ${maxBytes} bytes once unpacked`);
    chunks.push(chunk);
    if (final) ended = true;
  });
  // Small input steps bound what one step can unpack (deflate expands at most about 1,032 times).
  const STEP = 512;
  try {
    for (let i = 0; i < bytes.length; i += STEP) {
      gunzip.push(bytes.subarray(i, i + STEP), i + STEP >= bytes.length);
    }
  } catch (error) {
    if (error instanceof EmediplanError) throw error;
    const code = (error as { code?: number }).code;
    if (code === 0) fail('truncated', 'The code was cut short');
    fail('corrupt', 'The code is damaged: it does not unpack');
  }
  if (!ended) fail('truncated', 'The code was cut short');
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  // The gzip trailer: CRC-32 and length of the data. A code cut short can still unpack to something.
  const trailer = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 8, 8);
  if (trailer.getUint32(0, true) !== crc32(out) || trailer.getUint32(4, true) !== total % 2 ** 32) {
    fail('truncated', 'The code was cut short or damaged: it does not unpack whole');
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE), as gzip's trailer has it. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** UTF-8 text of bytes, refusing bytes that are not UTF-8 (a byte-order mark is dropped by TextDecoder). */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new platform.TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail('wrongEncoding', 'The plan is not written in UTF-8');
  }
}

/** The JSON value of a text, or 'notJson' naming where it stops making sense. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail('notJson', `The plan is not JSON: ${(error as Error).message}`);
  }
}

/** What a code holds: the format, and the plan's JSON text. */
export interface UnwrappedCode {
  format: 'CHMED16A' | 'CHMED23A';
  json: string;
}

/**
 * The JSON text inside a ChTransmissionFormat code (or the text itself when it is JSON already: a
 * CHMED23A or CHMED16A file), with the checks above. Throws an EmediplanError.
 */
export function unwrapCode(
  input: string,
  maxBytes = MAX_JSON_BYTES,
): UnwrappedCode | { format: null; json: string } {
  if (input.length > MAX_INPUT_CHARS)
    fail('oversized', `The code is longer than ${MAX_INPUT_CHARS} characters`);
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') fail('empty', 'There is no code');
  if (text.startsWith('{')) return { format: null, json: text };
  const header = /^CHMED(\d{2})([A-Z]+)/i.exec(text);
  if (!header) return fail('notEmediplan', 'This is not an eMediplan code (it does not start with CHMED)');
  const year = header[1];
  if (year === '16') {
    const m = /^CHMED16([A-Z])([01])([\s\S]*)$/i.exec(text);
    if (!m) return fail('truncated', 'The code stops after its header');
    if (m[1]?.toUpperCase() !== 'A')
      return fail('unsupportedVersion', 'Only CHMED16A is read of the 2016 format');
    if (m[2] === '0') return { format: 'CHMED16A', json: m[3] ?? '' };
    return { format: 'CHMED16A', json: utf8Text(gunzipCapped(fromBase64(m[3] ?? ''), maxBytes)) };
  }
  if (year === '23') {
    const m = /^CHMED23([A-Z]+)(\.[1-9]\d*\/[1-9]\d*)?\.([\s\S]*)$/i.exec(text);
    if (!m) return fail('truncated', 'The code stops after its header');
    if (m[1]?.toUpperCase() !== 'A')
      return fail('unsupportedVersion', 'Only CHMED23A is read of the 2023 format');
    if (m[2] !== undefined) {
      return fail(
        'chunk',
        `This is part ${m[2].slice(1)} of a plan in several codes: read them all together`,
      );
    }
    return { format: 'CHMED23A', json: utf8Text(gunzipCapped(fromBase64(m[3] ?? ''), maxBytes)) };
  }
  return fail('unsupportedVersion', `CHMED${year} is not a version DoseDot reads (CHMED16A, CHMED23A)`);
}

/** One code of a plan in several: its place `index` of `count`, and its share of the data. */
export interface Chunk {
  index: number;
  count: number;
  data: string;
}

/** The chunk a code is (`CHMED23A.i/n.…`, i from 1 to n), or null when it is none (a whole plan, or no code). */
export function chunkOf(code: string): Chunk | null {
  const m = /^CHMED23([A-Z]+)\.([1-9]\d*)\/([1-9]\d*)\.([\s\S]*)$/i.exec(code.trim());
  if (!m) return null;
  const index = Number(m[2]);
  const count = Number(m[3]);
  return index > count ? null : { index, count, data: m[4] ?? '' };
}

/**
 * One CHMED23A code of the chunks `CHMED23A.1/n.…` … `CHMED23A.n/n.…` (in any order): their data
 * joined in index order. Throws 'chunk' when one is missing, repeated or out of range.
 */
export function joinChunks(codes: readonly string[]): string {
  const parts = new Map<number, string>();
  let total: number | null = null;
  for (const code of codes) {
    const chunk = chunkOf(code);
    if (!chunk) return fail('chunk', 'Each part must start with CHMED23A.i/n. (i at most n)');
    const { index, count } = chunk;
    if ((total !== null && count !== total) || parts.has(index)) {
      return fail('chunk', 'The parts do not belong together');
    }
    total = count;
    parts.set(index, chunk.data);
  }
  if (total === null || parts.size !== total)
    return fail('chunk', `Parts are missing: ${parts.size} of ${total ?? '?'}`);
  return `CHMED23A.${[...parts.keys()]
    .sort((a, b) => a - b)
    .map((i) => parts.get(i))
    .join('')}`;
}

/** A plan's JSON as a ChTransmissionFormat code: gzip without a time stamp, base64, the header. */
export function wrapCode(format: 'CHMED16A' | 'CHMED23A', json: string): string {
  const packed = toBase64(gzipSync(new platform.TextEncoder().encode(json), { mtime: 0, level: 9 }));
  return format === 'CHMED16A' ? `CHMED16A1${packed}` : `CHMED23A.${packed}`;
}
