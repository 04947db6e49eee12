import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, hexToBytes } from './bytes';
import type { ParsedUplink } from './envelope';
import browanMotion from './fixtures/devices/browan-tabs-tbms100-motion.json';
import browanButton from './fixtures/devices/browan-tabs-tbpb100-push-button.json';
import elsys from './fixtures/devices/elsys-ers.json';
import mclimate from './fixtures/devices/mclimate-multipurpose-button.json';
import ws101 from './fixtures/devices/milesight-ws101-smart-button.json';
import ws203 from './fixtures/devices/milesight-ws203-motion-th.json';
import gnse from './fixtures/devices/tti-generic-node-sensor-edition.json';
import { decodeGnse, decodeGnseFrame } from './gnse';
import { decodeMilesight, decodeMilesightFrame } from './milesight';
import { type DeviceProfile, decodeUplink } from './profiles';

interface Example {
  description: string;
  fPort: number;
  hex: string;
  base64: string;
  bytes: number[];
}

/** The example's three spellings of its bytes agree (a typo in a fixture would otherwise pass unseen). */
function bytesOf(example: Example): Uint8Array {
  const bytes = hexToBytes(example.hex) as Uint8Array;
  expect(Array.from(bytes)).toEqual(example.bytes);
  expect(bytesToBase64(bytes)).toBe(example.base64);
  expect(base64ToBytes(example.base64)).toEqual(bytes);
  return bytes;
}

const uplinkOf = (fPort: number, bytes: Uint8Array, extra: Partial<ParsedUplink> = {}): ParsedUplink => ({
  network: 'tts',
  deveui: '0004A30B001C0530',
  identity: 'x',
  receivedAt: 0,
  fPort,
  fCnt: 0,
  session: null,
  payloadBase64: bytesToBase64(bytes),
  payload: bytes,
  decodedObject: null,
  normalized: [],
  networkBattery: null,
  profileHint: null,
  deviceName: null,
  simulated: false,
  ...extra,
});

describe('TTI Generic Node Sensor Edition (fixtures/devices/tti-generic-node-sensor-edition.json)', () => {
  it.each(gnse.examples.map((e) => [e.description, e] as const))('%s', (_name, example) => {
    const bytes = bytesOf(example);
    expect(decodeGnseFrame(example.fPort, bytes)).toEqual(example.expected);
    const m = decodeGnse(example.fPort, bytes);
    expect(m).toMatchObject({
      temperature: example.expected.temperature,
      humidity: example.expected.humidity,
      batteryVolts: example.expected.batt_volt,
      pressOffsets: example.expected.button === 1 ? [0] : [],
    });
  });

  it('refuses a frame of another length or port', () => {
    expect(() => decodeGnseFrame(1, hexToBytes('2302D800FA') as Uint8Array)).toThrow('6 bytes');
    expect(() => decodeGnseFrame(2, hexToBytes('2302D800FA01') as Uint8Array)).toThrow('FPort 1');
  });

  it('turns volts into percent when the network server does not report the battery', () => {
    const bytes = hexToBytes('2302D800FA01') as Uint8Array;
    expect(decodeUplink(uplinkOf(1, bytes), 'tti-gnse').measurement.battery).toBe(90.9);
    expect(decodeUplink(uplinkOf(1, bytes, { networkBattery: 86.6 }), 'tti-gnse').measurement.battery).toBe(
      86.6,
    );
  });
});

/** The fixture's expected object in the field names of either decoder version. */
function milesightExpected(expected: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...expected };
  const event = expected.button_event as { status: string } | undefined;
  if (event) {
    delete out.button_event;
    out.button = event.status.replace(' press', '');
  }
  return out;
}

describe('Milesight WS101 and WS203 (fixtures/devices/milesight-*.json)', () => {
  const examples = [...ws101.examples, ...ws203.examples].map((e) => [`${e.description}`, e] as const);
  it.each(examples)('%s', (_name, example) => {
    const bytes = bytesOf(example);
    expect(decodeMilesightFrame(example.fPort, bytes)).toEqual(
      milesightExpected(example.expected as Record<string, unknown>),
    );
  });

  it('gives the app a press for a button event and motion from occupancy', () => {
    const press = decodeMilesight(85, hexToBytes('017510FF2E01') as Uint8Array);
    expect(press).toMatchObject({ battery: 16, pressOffsets: [0], buttonMode: 'single' });
    const periodic = decodeMilesight(85, hexToBytes('01756403673401046865050000') as Uint8Array);
    expect(periodic).toMatchObject({
      battery: 100,
      temperature: 30.8,
      humidity: 50.5,
      motion: 0,
      pressOffsets: [],
    });
  });

  it('keeps the device clock of history records', () => {
    const m = decodeMilesight(85, hexToBytes('20CEAE5BA664040024016520CE5C5CA6640301340165') as Uint8Array);
    expect(m.history).toEqual([
      { at: 1688624046000, temperature: 29.2, humidity: 50.5, motion: 0 },
      { at: 1688624220000, temperature: 30.8, humidity: 50.5, motion: 1 },
    ]);
  });

  it('refuses unknown records and cut frames, saying where', () => {
    expect(() => decodeMilesightFrame(85, hexToBytes('0175') as Uint8Array)).toThrow('battery');
    expect(() => decodeMilesightFrame(85, hexToBytes('017510AA01') as Uint8Array)).toThrow(
      'AA 01 at offset 3',
    );
    expect(() => decodeMilesightFrame(85, hexToBytes('FF2E09') as Uint8Array)).toThrow('button event 9');
  });

  it('skips device-information records', () => {
    expect(
      decodeMilesightFrame(
        85,
        hexToBytes('FF0BFFFF0101FF166136C1952860001AFF090100FF0A0101FF0F00') as Uint8Array,
      ),
    ).toEqual({});
  });
});

describe('devices we do not decode ourselves', () => {
  const others = [
    ...browanButton.examples.map((e) => ['Browan TBPB100', e] as const),
    ...browanMotion.examples.map((e) => ['Browan TBMS100', e] as const),
    ...elsys.examples.map((e) => ['Elsys ERS', e] as const),
    ...mclimate.examples.map((e) => ['MClimate button', e] as const),
  ];
  it.each(others)('%s is undecodable without a network-server object, never a crash', (_device, example) => {
    const bytes = bytesOf(example);
    for (const profile of ['dosedot-box', 'tti-gnse', 'milesight-ws'] as DeviceProfile[]) {
      const decoded = decodeUplink(uplinkOf(example.fPort, bytes), profile);
      expect(decoded.status).toBe('undecodable');
      expect(decoded.error).toContain(profile);
    }
  });

  it('falls back to the network server object when ours cannot read the payload', () => {
    const example = elsys.examples[0] as Example & { expected: Record<string, unknown> };
    const decoded = decodeUplink(
      uplinkOf(example.fPort, bytesOf(example), { decodedObject: example.expected }),
      'dosedot-box',
    );
    expect(decoded.status).toBe('fallback');
    expect(decoded.measurement).toMatchObject({
      temperature: 22.6,
      humidity: 41,
      motion: 6,
      pressOffsets: [],
    });

    const button = browanButton.examples[0] as Example & { expected: Record<string, unknown> };
    const press = decodeUplink(
      uplinkOf(button.fPort, bytesOf(button), { decodedObject: button.expected }),
      'dosedot-box',
    );
    // Browan's 'battery' is volts (3.9) and its press is an ambiguous 'status': only the sure values.
    expect(press.status).toBe('fallback');
    expect(press.measurement).toMatchObject({
      temperature: 23,
      batteryVolts: 3.9,
      battery: 100,
      pressOffsets: [],
    });

    const ws101Old = decodeUplink(
      uplinkOf(1, new Uint8Array([1]), { decodedObject: { button: 'short' } }),
      'dosedot-box',
    );
    expect(ws101Old.measurement).toMatchObject({ pressOffsets: [0], buttonMode: 'single' });
    const ws101New = decodeUplink(
      uplinkOf(1, new Uint8Array([1]), {
        decodedObject: { battery: 16, button_event: { status: 'long press' } },
      }),
      'dosedot-box',
    );
    expect(ws101New.measurement).toMatchObject({ pressOffsets: [0], buttonMode: 'long', battery: 16 });
  });

  it('ignores an uplink without application data', () => {
    expect(decodeUplink(uplinkOf(0, new Uint8Array()), 'dosedot-box').status).toBe('ignored');
  });
});
