import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes } from './bytes';
import {
  DOSEDOT_DR0_BYTES,
  DOSEDOT_FPORT,
  decodeDoseDot,
  decodeDoseDotFrame,
  encodeDoseDot,
  pressesPerFrame,
} from './dosedot';
import { BUTTON_MODES } from './measurement';

const bytes = (hex: string) => hexToBytes(hex.replace(/\s/g, '')) as Uint8Array;

describe('the DoseDot box format (docs/lorawan.md)', () => {
  it('decodes the worked example of the documentation', () => {
    const frame = bytes('10 57 00D7 5B 0003 02 000E10 000005');
    expect(bytesToBase64(frame)).toBe('EFcA11sAAwIADhAAAAU=');
    expect(decodeDoseDotFrame(DOSEDOT_FPORT, frame)).toEqual({
      buttonMode: 'single',
      pressesLost: false,
      battery: 87,
      temperature: 21.5,
      humidity: 45.5,
      motion: 3,
      pressOffsets: [3600, 5],
    });
  });

  it('reads below-zero temperatures, unknown values, the button mode and the lost-press flag', () => {
    const frame = decodeDoseDotFrame(DOSEDOT_FPORT, bytes('16 FF FFCE FF 0000 00'));
    expect(frame).toEqual({
      buttonMode: 'double',
      pressesLost: true,
      battery: null,
      temperature: -5,
      humidity: null,
      motion: 0,
      pressOffsets: [],
    });
    expect(decodeDoseDotFrame(DOSEDOT_FPORT, bytes('1C 64 8000 C8 FFFF 00'))).toMatchObject({
      buttonMode: 'off',
      battery: 100,
      temperature: null,
      humidity: 100,
      motion: 65535,
    });
  });

  it('gives the app its units: presses as seconds before reception', () => {
    const m = decodeDoseDot(DOSEDOT_FPORT, bytes('10 57 00D7 5B 0003 02 000E10 000005'));
    expect(m).toMatchObject({
      battery: 87,
      temperature: 21.5,
      humidity: 45.5,
      motion: 3,
      pressOffsets: [3600, 5],
    });
    expect(m.buttonMode).toBe('single');
  });

  it.each([
    ['10 57 00D7 5B 0003 02 000E10', 'press'],
    ['10 57 00D7 5B 0003 00 00', 'press'],
    ['20 57 00D7 5B 0003 00', 'version 2'],
    ['10 65 00D7 5B 0003 00', 'battery 101'],
    ['10 57 00D7 C9 0003 00', 'humidity 100.5'],
    ['10 57 00', 'temperature needs 2 byte'],
    ['', 'header'],
  ])('refuses a malformed frame %s, saying where (%s)', (hex, words) => {
    expect(() => decodeDoseDotFrame(DOSEDOT_FPORT, bytes(hex))).toThrow(words);
  });

  it('only reads its own FPort', () => {
    expect(() => decodeDoseDot(1, bytes('10 57 00D7 5B 0003 00'))).toThrow('FPort 10');
  });

  it('holds 14 presses in a DR0 frame and refuses more', () => {
    expect(pressesPerFrame()).toBe(14);
    const offsets = Array.from({ length: 14 }, (_, i) => i * 60);
    expect(encodeDoseDot({ pressOffsets: offsets }, DOSEDOT_DR0_BYTES)).toHaveLength(50);
    expect(() => encodeDoseDot({ pressOffsets: [...offsets, 1] }, DOSEDOT_DR0_BYTES)).toThrow(RangeError);
  });

  it('decodes what the box encodes, to the format steps', () => {
    fc.assert(
      fc.property(
        fc.record({
          buttonMode: fc.constantFrom(...BUTTON_MODES),
          pressesLost: fc.boolean(),
          battery: fc.option(fc.integer({ min: 0, max: 100 })),
          temperature: fc.option(fc.integer({ min: -400, max: 850 }).map((t) => t / 10)),
          humidity: fc.option(fc.integer({ min: 0, max: 200 }).map((h) => h / 2)),
          motion: fc.integer({ min: 0, max: 65535 }),
          pressOffsets: fc.array(fc.integer({ min: 0, max: 0xffffff }), { maxLength: 14 }),
        }),
        (frame) => {
          const encoded = encodeDoseDot(frame);
          expect(base64ToBytes(bytesToBase64(encoded))).toEqual(encoded);
          expect(decodeDoseDotFrame(DOSEDOT_FPORT, encoded)).toEqual(frame);
        },
      ),
    );
  });

  it('never throws anything but a DecodeError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), (random) => {
        try {
          decodeDoseDotFrame(DOSEDOT_FPORT, random);
        } catch (err) {
          expect((err as Error).name).toBe('DecodeError');
        }
      }),
    );
  });

  it('clamps what does not fit the format', () => {
    const frame = decodeDoseDotFrame(
      DOSEDOT_FPORT,
      encodeDoseDot({ battery: 130, humidity: 120, motion: 1e6, pressOffsets: [-5, 1e9] }),
    );
    expect(frame).toMatchObject({ battery: 100, humidity: 100, motion: 65535, pressOffsets: [0, 0xffffff] });
    expect(bytesToHex(encodeDoseDot({}))).toBe('10FF8000FF000000');
  });
});
