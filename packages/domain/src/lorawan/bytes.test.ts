import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from './bytes';

describe('base64 and hex', () => {
  it('reads what the network servers send', () => {
    expect(bytesToHex(base64ToBytes('IwLYAPoB') as Uint8Array)).toBe('2302D800FA01');
    expect(bytesToHex(base64ToBytes('qg==') as Uint8Array)).toBe('AA');
    expect(bytesToHex(base64ToBytes('AXUQ/y4B') as Uint8Array)).toBe('017510FF2E01');
    expect(base64ToBytes('')).toEqual(new Uint8Array());
  });

  it('refuses text that is not base64', () => {
    for (const bad of ['a', 'ab=c', 'ab===', '####', 'qg=', 'é===']) expect(base64ToBytes(bad)).toBeNull();
  });

  it('round-trips any bytes, padded or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(base64ToBytes(text)).toEqual(bytes);
        expect(base64ToBytes(text.replace(/=+$/, ''))).toEqual(bytes);
        expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
      }),
    );
  });

  it('refuses odd or non-hex text', () => {
    expect(hexToBytes('ABC')).toBeNull();
    expect(hexToBytes('ZZ')).toBeNull();
  });
});
