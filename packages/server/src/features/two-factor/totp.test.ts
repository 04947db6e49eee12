import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  timeStep,
  totpAt,
} from './totp';

// RFC 6238, appendix B: T in seconds, then the 8-digit codes for SHA-1, SHA-256 and SHA-512.
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];
const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA256_KEY = Buffer.from('12345678901234567890123456789012');
const SHA512_KEY = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('gives the RFC test vectors at T=%i', (t, sha1, sha256, sha512) => {
    const step = timeStep(t * 1000);
    expect(hotp(SHA1_KEY, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SHA256_KEY, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SHA512_KEY, step, 8, 'sha512')).toBe(sha512);
  });

  it('gives RFC 4226 appendix D codes (6 digits) for the first counters', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });

  it('reads and writes base32 as RFC 4648 does', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
    expect(base32Decode(base32Encode(SHA1_KEY))).toEqual(SHA1_KEY);
  });

  it('makes 160-bit secrets that differ', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('accepts the code of the step before, now and after, and names the step', () => {
    const secret = base32Encode(SHA1_KEY);
    const now = 1111111111 * 1000;
    const step = timeStep(now);
    expect(matchTotp(secret, totpAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, step - 2), now)).toBeUndefined();
    expect(matchTotp(secret, totpAt(secret, step + 2), now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'anna@example.ch', 'DoseDot'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/DoseDot:anna@example.ch');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'DoseDot',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
