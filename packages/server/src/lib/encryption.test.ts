import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './encryption';

describe('AES-256-GCM sealing', () => {
  const key = randomBytes(32);
  it('round-trips and never shows the plaintext', () => {
    const sealed = seal('{"ahv":"756.9217.0769.85"}', key, 'profile:1');
    expect(JSON.stringify(sealed)).not.toContain('756');
    expect(open(sealed, key, 'profile:1')).toBe('{"ahv":"756.9217.0769.85"}');
  });
  it('uses a fresh IV each time', () => {
    expect(seal('same', key).ciphertext).not.toBe(seal('same', key).ciphertext);
  });
  it('refuses another key, altered ciphertext and another record’s associated data', () => {
    const sealed = seal('secret', key, 'profile:1');
    expect(() => open(sealed, randomBytes(32), 'profile:1')).toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => open({ ...sealed, ciphertext: bytes.toString('base64') }, key, 'profile:1')).toThrow();
    expect(() => open(sealed, key, 'profile:2')).toThrow();
  });
});
