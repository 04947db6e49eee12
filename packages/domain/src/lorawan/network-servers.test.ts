import { describe, expect, it } from 'vitest';
import {
  chirpstackUpEvent,
  heliumUplink,
  loriotUplink,
  thingparkUplink,
  ttsUplinkMessage,
  type UplinkSpec,
} from './builders';
import { base64ToBytes, bytesToBase64, hexToBytes } from './bytes';
import { DOSEDOT_FPORT, encodeDoseDot } from './dosedot';
import { type ParsedEvent, type ParsedUplink, parseChirpstackEvent, parseTtsMessage } from './envelope';
import heliumDocs from './fixtures/helium/uplink-docs-example.json';
import heliumBox from './fixtures/helium/uplink-dosedot-box.json';
import loriotDocs from './fixtures/loriot/uplink-docs-example.json';
import loriotBox from './fixtures/loriot/uplink-dosedot-box.json';
import thingparkDocs from './fixtures/thingpark/uplink-docs-example.json';
import thingparkBox from './fixtures/thingpark/uplink-dosedot-box.json';
import { parseHeliumMessage } from './helium';
import { parseLoriotMessage } from './loriot';
import { decodeUplink, detectProfile } from './profiles';
import { parseThingparkMessage } from './thingpark';

const NOW = Date.parse('2026-01-01T00:00:00Z');

function uplink(event: ParsedEvent): ParsedUplink {
  if (event.kind !== 'uplink') throw new Error(`expected an uplink, got ${JSON.stringify(event)}`);
  return event.uplink;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The DoseDot frame every *-dosedot-box.json fixture carries. */
const BOX_FRAME = encodeDoseDot({
  battery: 64,
  temperature: 21.5,
  humidity: 45,
  motion: 2,
  buttonMode: 'single',
  pressOffsets: [30],
});

describe('fixtures of the other network servers', () => {
  it.each([
    ['thingpark', thingparkDocs, thingparkBox],
    ['loriot', loriotDocs, loriotBox],
    ['helium', heliumDocs, heliumBox],
  ])(
    '%s: each names its source and what it is; the DoseDot copy differs only where its note says',
    (_name, docs, box) => {
      expect(docs.source.url).toMatch(/^https:\/\//);
      expect(docs.source.what.length).toBeGreaterThan(20);
      expect(docs.kind).toBe('verbatim');
      expect(box.kind).toBe('derived');
      expect(box.source).toEqual(docs.source);
      const changed = (a: unknown, b: unknown, path: string[] = []): string[] => {
        if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null)
          return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) =>
            changed((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...path, k]),
          );
        return a === b ? [] : [path.join('.')];
      };
      for (const field of changed(docs.message, box.message))
        expect(box.note).toContain(
          field
            .split('.')
            .filter((k) => !/^\d+$/.test(k))
            .at(-1),
        );
    },
  );
});

describe('Actility ThingPark uplinks', () => {
  it('reads the documentation example (thingpark/uplink-docs-example.json): numbers as strings, hex payload', () => {
    const u = uplink(parseThingparkMessage(thingparkDocs.message, NOW));
    expect(u).toMatchObject({
      network: 'thingpark',
      deveui: '0018B20000000B20',
      identity: '0018B20000000B20/04d2848e/1174',
      receivedAt: Date.parse('2018-10-03T13:38:46.882Z'),
      fPort: 1,
      fCnt: 1174,
      session: '04d2848e',
      payloadBase64: bytesToBase64(hexToBytes('9e1c4852512000220020e3831071') as Uint8Array),
      deviceName: 'My Demo Device',
      simulated: false,
    });
  });

  it('accepts the numbers as numbers too, and other DevEUI_ messages without storing them', () => {
    const body = clone(thingparkDocs.message) as { DevEUI_uplink: Record<string, unknown> };
    body.DevEUI_uplink.FPort = 1;
    body.DevEUI_uplink.FCntUp = 1174;
    expect(uplink(parseThingparkMessage(body, NOW))).toMatchObject({ fPort: 1, fCnt: 1174 });
    expect(parseThingparkMessage({ DevEUI_notification: { DevEUI: '0018B20000000B20' } }, NOW)).toEqual({
      kind: 'ignored',
      what: 'DevEUI_notification',
    });
  });

  it.each([
    [{ something: 1 }, 'DevEUI_uplink', 'DevEUI_uplink is missing'],
    [[1, 2], 'DevEUI_uplink', 'must be a JSON object'],
    [{ DevEUI_uplink: 'x' }, 'DevEUI_uplink', 'DevEUI_uplink must be an object'],
    [{ DevEUI_uplink: { DevEUI: '0018B2' } }, 'DevEUI_uplink.DevEUI', 'must be 16 hexadecimal digits'],
    [{ DevEUI_uplink: { DevEUI: '0018B20000000B20', FPort: '300' } }, 'DevEUI_uplink.FPort', '0 to 255'],
    [{ DevEUI_uplink: { DevEUI: '0018B20000000B20', FCntUp: '-1' } }, 'DevEUI_uplink.FCntUp', 'whole number'],
    [
      { DevEUI_uplink: { DevEUI: '0018B20000000B20', payload_hex: 'xyz' } },
      'DevEUI_uplink.payload_hex',
      'hexadecimal',
    ],
    [{ DevEUI_uplink: { DevEUI: '0018B20000000B20', Time: 'today' } }, 'DevEUI_uplink.Time', 'RFC 3339'],
  ])('refuses %j naming %s', (body, field, reason) => {
    const event = parseThingparkMessage(body, NOW);
    expect(event).toMatchObject({ kind: 'invalid', field, reason: expect.stringContaining(reason) });
    if (event.kind === 'invalid') expect(event.reason).toContain(field);
  });
});

describe('Loriot uplinks', () => {
  it('reads the documentation example (loriot/uplink-docs-example.json): hex data, epoch ms, no session', () => {
    const u = uplink(parseLoriotMessage(loriotDocs.message, NOW));
    expect(u).toMatchObject({
      network: 'loriot',
      deveui: '0102030405060708',
      identity: '0102030405060708/t1470850675433/1',
      receivedAt: 1470850675433,
      fPort: 1,
      fCnt: 1,
      session: null,
      payloadBase64: 'AQKquw==',
      networkBattery: 100,
    });
  });

  it('takes the radio-verbosity copy (cmd gw) as the same uplink, and accepts other commands', () => {
    const gw = { ...clone(loriotDocs.message), cmd: 'gw', freq: 868500000, dr: 'SF12 BW125 4/5', gws: [] };
    const rx = uplink(parseLoriotMessage(loriotDocs.message, NOW));
    expect(uplink(parseLoriotMessage(gw, NOW)).identity).toBe(rx.identity);
    expect(parseLoriotMessage({ cmd: 'txd', EUI: '0102030405060708' }, NOW)).toEqual({
      kind: 'ignored',
      what: 'txd',
    });
    // Encrypted only (Loriot holds no AppSKey): stored without a payload.
    const enc = { ...clone(loriotDocs.message), data: undefined, encdata: 'ab12' };
    expect(uplink(parseLoriotMessage(enc, NOW)).payload).toBeNull();
  });

  it.each([
    [{ EUI: '0102030405060708' }, 'cmd', 'cmd is missing'],
    [{ cmd: 'rx' }, 'EUI', 'EUI is missing'],
    [{ cmd: 'rx', EUI: '0102030405060708', data: '0102AAB' }, 'data', 'hexadecimal'],
    [{ cmd: 'rx', EUI: '0102030405060708', ts: '2016-08-10' }, 'ts', 'milliseconds'],
    [{ cmd: 'rx', EUI: '0102030405060708', port: 1.5 }, 'port', 'whole number'],
  ])('refuses %j naming %s', (body, field, reason) => {
    expect(parseLoriotMessage(body, NOW)).toMatchObject({
      kind: 'invalid',
      field,
      reason: expect.stringContaining(reason),
    });
  });
});

describe('Helium uplinks', () => {
  it('reads the documentation example (helium/uplink-docs-example.json), its 14-digit time as given', () => {
    const u = uplink(parseHeliumMessage(heliumDocs.message, NOW));
    expect(u).toMatchObject({
      network: 'helium',
      deveui: '1C29FBD1D2084E21',
      identity: '1C29FBD1D2084E21/b5a44869/19',
      receivedAt: 15868685461234,
      fPort: 1,
      fCnt: 19,
      session: 'b5a44869',
      payloadBase64: 'SGVsbG8sIHdvcmxkIQ==',
      deviceName: 'Test Me',
    });
    expect(String.fromCharCode(...(u.payload as Uint8Array))).toBe('Hello, world!');
  });

  it("takes a Console function's decoding as the fallback and ignores messages that are not uplinks", () => {
    const body = {
      ...clone(heliumBox.message),
      decoded: { payload: { temperature: 19.5 }, status: 'success' },
    };
    expect(uplink(parseHeliumMessage(body, NOW)).decodedObject).toEqual({ temperature: 19.5 });
    expect(parseHeliumMessage({ type: 'join', dev_eui: '1C29FBD1D2084E21' }, NOW)).toEqual({
      kind: 'ignored',
      what: 'join',
    });
  });

  it.each([
    [{ fcnt: 1 }, 'dev_eui', 'dev_eui is missing'],
    [{ dev_eui: '1C29FBD1D2084E21', payload: '***' }, 'payload', 'base64'],
    [{ dev_eui: '1C29FBD1D2084E21', reported_at: 'now' }, 'reported_at', 'milliseconds'],
    [{ dev_eui: '1C29FBD1D2084E21', fcnt: -3 }, 'fcnt', 'whole number'],
  ])('refuses %j naming %s', (body, field, reason) => {
    expect(parseHeliumMessage(body, NOW)).toMatchObject({
      kind: 'invalid',
      field,
      reason: expect.stringContaining(reason),
    });
  });
});

/** What an uplink means once decoded: the fields every network server must agree on. */
function meaning(u: ParsedUplink) {
  const decoded = decodeUplink(u, detectProfile(u));
  return {
    deveui: u.deveui,
    receivedAt: u.receivedAt,
    fPort: u.fPort,
    fCnt: u.fCnt,
    payload: base64ToBytes(u.payloadBase64 ?? ''),
    status: decoded.status,
    measurement: decoded.measurement,
  };
}

describe('the same uplink through every network server', () => {
  it('the DoseDot copies of the three documentation examples decode like their TTS and ChirpStack equivalents', () => {
    for (const [parse, fixture] of [
      [parseThingparkMessage, thingparkBox],
      [parseLoriotMessage, loriotBox],
      [parseHeliumMessage, heliumBox],
    ] as const) {
      const u = uplink(parse(fixture.message, NOW));
      expect(u.payload).toEqual(BOX_FRAME);
      const spec: UplinkSpec = {
        deveui: u.deveui,
        fCnt: u.fCnt,
        fPort: DOSEDOT_FPORT,
        payload: BOX_FRAME,
        receivedAt: u.receivedAt,
      };
      const expected = meaning(uplink(parseTtsMessage(ttsUplinkMessage(spec), NOW)));
      expect(meaning(u)).toEqual(expected);
      expect(meaning(uplink(parseChirpstackEvent('up', chirpstackUpEvent(spec), NOW)))).toEqual(expected);
      expect(expected).toMatchObject({
        status: 'decoded',
        measurement: { battery: 64, temperature: 21.5, humidity: 45, motion: 2, pressOffsets: [30] },
      });
    }
  });

  it('the builders of the five servers give one meaning for one spec, and ChirpStack, ThingPark and Helium one frame', () => {
    const spec: UplinkSpec = {
      deveui: 'a840410001a1b2c3',
      fCnt: 0,
      fPort: DOSEDOT_FPORT,
      payload: BOX_FRAME,
      receivedAt: Date.parse('2026-02-03T07:45:12.345Z'),
      devAddr: '260B9F01',
      gateways: 2,
    };
    const all = [
      parseTtsMessage(ttsUplinkMessage(spec), NOW),
      parseChirpstackEvent('up', chirpstackUpEvent(spec), NOW),
      parseThingparkMessage(thingparkUplink(spec), NOW),
      parseLoriotMessage(loriotUplink(spec), NOW),
      parseHeliumMessage(heliumUplink(spec), NOW),
    ].map(uplink);
    const [first, ...rest] = all.map(meaning);
    for (const m of rest) expect(m).toEqual(first);
    expect(all.map((u) => u.network)).toEqual(['tts', 'chirpstack', 'thingpark', 'loriot', 'helium']);
    // DevAddr as the session, in ChirpStack's case: their copies of a frame share its key.
    expect(all.slice(1).map((u) => u.session)).toEqual(['260b9f01', '260b9f01', null, '260b9f01']);
  });
});
