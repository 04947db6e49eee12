import { describe, expect, it } from 'vitest';
import {
  type ParsedEvent,
  type ParsedUplink,
  parseChirpstackEvent,
  parseInstant,
  parseTtsMessage,
} from './envelope';
import csLog from './fixtures/chirpstack-v4/log-reconstructed-fcnt-retransmission.json';
import csDocs from './fixtures/chirpstack-v4/up-docs-example.json';
import csGnse from './fixtures/chirpstack-v4/up-reconstructed-gnse-dose-press.json';
import scenario from './fixtures/tts-v3/scenario-synthetic-dedup-and-fcnt-reset.json';
import ttsDataFormats from './fixtures/tts-v3/uplink-docs-data-formats-example.json';
import ttsMqtt from './fixtures/tts-v3/uplink-docs-mqtt-example.json';
import ttsGnse from './fixtures/tts-v3/uplink-reconstructed-gnse-dose-press.json';
import { decodeUplink, detectProfile } from './profiles';

const NOW = Date.parse('2026-01-01T00:00:00Z');

function uplink(event: ParsedEvent): ParsedUplink {
  if (event.kind !== 'uplink') throw new Error(`expected an uplink, got ${JSON.stringify(event)}`);
  return event.uplink;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('RFC 3339 times with nanoseconds', () => {
  it.each([
    ['2025-03-04T08:00:01.298731002Z', Date.parse('2025-03-04T08:00:01.298Z')],
    ['2022-07-18T09:34:15.775023242+00:00', Date.parse('2022-07-18T09:34:15.775Z')],
    ['2025-03-04T09:00:01.2+01:00', Date.parse('2025-03-04T08:00:01.200Z')],
    ['2025-03-04T08:00:01Z', Date.parse('2025-03-04T08:00:01Z')],
  ])('%s', (text, expected) => expect(parseInstant(text)).toBe(expected));

  it.each(['yesterday', '2025-13-01T00:00:00Z', '2025-03-04 08:00', 42])('refuses %s', (text) =>
    expect(parseInstant(text)).toBeNull(),
  );
});

describe('The Things Stack v3 uplinks', () => {
  it('reads the reconstructed GNSE dose press (tts-v3/uplink-reconstructed-gnse-dose-press.json)', () => {
    const u = uplink(parseTtsMessage(ttsGnse, NOW));
    expect(u).toMatchObject({
      network: 'tts',
      deveui: '0004A30B001C0530',
      identity: 'as:up:01JNH8A4Z4B3E5N2P7R9S1T3VX',
      receivedAt: Date.parse('2025-03-04T08:00:01.512Z'),
      fPort: 1,
      fCnt: 42,
      session: 'AZUUwXhKk3qCqM1sVjZ0bQ==',
      payloadBase64: 'IwLYAPoB',
      networkBattery: 86.6,
      profileHint: 'tti-gnse',
      deviceName: 'medbox-0004a30b001c0530',
      simulated: false,
    });
    expect(u.decodedObject).toEqual({ batt_volt: 3.5, temperature: 22.8, humidity: 25, button: 1 });
    // Two gateways heard it: still one press.
    expect(decodeUplink(u, detectProfile(u)).measurement).toMatchObject({
      temperature: 22.8,
      humidity: 25,
      battery: 86.6,
      pressOffsets: [0],
    });
  });

  it('reads the documentation example (tts-v3/uplink-docs-data-formats-example.json): no f_port', () => {
    const u = uplink(parseTtsMessage(ttsDataFormats, NOW));
    expect(u).toMatchObject({
      deveui: '0004A30B001C0530',
      identity: 'as:up:01E0WZGT6Y7657CPFPE5WEYDSQ',
      receivedAt: Date.parse('2020-02-12T15:15:46.014Z'),
      fPort: null,
      fCnt: 1,
      profileHint: null,
    });
    // Not our format: the network server's decoded object is the fallback.
    expect(decodeUplink(u, detectProfile(u))).toMatchObject({
      status: 'fallback',
      measurement: { temperature: 1 },
    });
  });

  it('reads the MQTT example (tts-v3/uplink-docs-mqtt-example.json): no received_at, no f_cnt', () => {
    const u = uplink(parseTtsMessage(ttsMqtt, NOW));
    expect(u).toMatchObject({
      deveui: '4200000000000000',
      identity: 'as:up:01D2CV8HNGJ57G25BW0FCZNY07',
      // Only the gateway's time is in this document.
      receivedAt: Date.parse('2019-01-29T13:02:34.981Z'),
      fPort: 15,
      fCnt: 0,
    });
    expect(decodeUplink(u, detectProfile(u)).status).toBe('undecodable');
  });

  it('gives the synthetic scenario 3 distinct identities for 4 deliveries, the f_cnt reset included', () => {
    const parsed = scenario.deliveries.map((d) => uplink(parseTtsMessage(d.body, NOW)));
    expect(parsed.map((u) => u.fCnt)).toEqual([41, 42, 42, 0]);
    expect(parsed[2]?.identity).toBe(parsed[1]?.identity);
    expect(new Set(parsed.map((u) => u.identity)).size).toBe(scenario.expectations.distinct_uplinks);
    const presses = [...new Map(parsed.map((u) => [u.identity, u])).values()].flatMap(
      (u) => decodeUplink(u, detectProfile(u)).measurement.pressOffsets,
    );
    expect(presses).toHaveLength(scenario.expectations.dose_presses);
  });

  it('identifies an uplink without a correlation id by DevEUI, session and counter', () => {
    const body = clone(ttsGnse) as Record<string, unknown>;
    delete body.correlation_ids;
    expect(uplink(parseTtsMessage(body, NOW)).identity).toBe('0004A30B001C0530/AZUUwXhKk3qCqM1sVjZ0bQ==/42');
    const [first, , , rejoin] = scenario.deliveries.map((d) => {
      const b = clone(d.body) as Record<string, unknown>;
      delete b.correlation_ids;
      return uplink(parseTtsMessage(b, NOW)).identity;
    });
    expect(rejoin).toBe('0004A30B001C0530/AZUW6PqQ1m0bW8eVqv2Q9A==/0');
    expect(first).not.toBe(rejoin);
  });

  it('normalises the DevEUI to upper case and marks Console simulations', () => {
    const body = clone(ttsGnse);
    body.end_device_ids.dev_eui = '0004a30b001c0530';
    (body as Record<string, unknown>).simulated = true;
    expect(uplink(parseTtsMessage(body, NOW))).toMatchObject({ deveui: '0004A30B001C0530', simulated: true });
  });

  it('ignores messages that are not uplinks', () => {
    expect(
      parseTtsMessage({ end_device_ids: { dev_eui: '0004A30B001C0530' }, join_accept: {} }, NOW),
    ).toEqual({
      kind: 'ignored',
      what: 'join_accept',
    });
  });

  const bad = (change: (b: Record<string, unknown> & typeof ttsGnse) => void) => {
    const body = clone(ttsGnse) as Record<string, unknown> & typeof ttsGnse;
    change(body);
    return body;
  };
  it.each([
    [[1, 2], 'JSON object'],
    [bad((b) => delete (b as Record<string, unknown>).end_device_ids), 'end_device_ids is missing'],
    [bad((b) => delete (b as Record<string, unknown>).uplink_message), 'uplink_message is missing'],
    [bad((b) => (b.end_device_ids.dev_eui = 'xyz')), 'end_device_ids.dev_eui must be 16 hexadecimal digits'],
    [bad((b) => (b.uplink_message.f_port = 300)), 'uplink_message.f_port must be a whole number'],
    [bad((b) => (b.uplink_message.f_cnt = -1)), 'uplink_message.f_cnt'],
    [
      bad((b) => (b.uplink_message.frm_payload = 'not base64!')),
      'uplink_message.frm_payload is not valid base64',
    ],
    [bad((b) => (b.received_at = 'soon')), 'received_at is not an RFC 3339 time'],
  ])('refuses a malformed message, saying why (%#)', (body, reason) => {
    const parsed = parseTtsMessage(body, NOW);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.reason).toContain(reason);
  });
});

describe('ChirpStack v4 events', () => {
  it('reads the reconstructed GNSE dose press (chirpstack-v4/up-reconstructed-gnse-dose-press.json)', () => {
    const u = uplink(parseChirpstackEvent('up', csGnse, NOW));
    expect(u).toMatchObject({
      network: 'chirpstack',
      deveui: '0004A30B001C0530',
      identity: 'cs:5e0f4b8a-7c21-4d8e-9b3a-2f6c1d0e9a47',
      receivedAt: Date.parse('2025-03-04T08:00:01.203Z'),
      fPort: 1,
      fCnt: 42,
      session: '0127a3f4',
      profileHint: 'tti-gnse',
      deviceName: 'medbox-0004a30b001c0530',
    });
    expect(decodeUplink(u, detectProfile(u)).measurement).toMatchObject({
      temperature: 22.8,
      humidity: 25,
      battery: 90.9,
      pressOffsets: [0],
    });
  });

  it('reads the documentation example (chirpstack-v4/up-docs-example.json): fCnt absent = 0', () => {
    const u = uplink(parseChirpstackEvent('up', csDocs, NOW));
    expect(u).toMatchObject({
      deveui: '0101010101010101',
      identity: 'cs:3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
      receivedAt: Date.parse('2022-07-18T09:34:15.775Z'),
      fPort: 1,
      fCnt: 0,
      payloadBase64: 'qg==',
    });
    expect(decodeUplink(u, detectProfile(u))).toMatchObject({ status: 'undecodable' });
  });

  it('reads a log event (chirpstack-v4/log-reconstructed-fcnt-retransmission.json)', () => {
    expect(parseChirpstackEvent('log', csLog, NOW)).toEqual({
      kind: 'log',
      deveui: '0004A30B001C0530',
      level: 'WARNING',
      code: 'UPLINK_F_CNT_RETRANSMISSION',
      description: 'Uplink was flagged as re-transmission / frame-counter did not increment',
    });
  });

  it('reads the battery of a status event and accepts every other event', () => {
    const status = {
      deduplicationId: 'b3b8d8a4-0000-4000-8000-000000000001',
      time: '2025-03-04T08:10:00Z',
      deviceInfo: csGnse.deviceInfo,
      margin: 7,
      batteryLevel: 72.44,
    };
    expect(parseChirpstackEvent('status', status, NOW)).toEqual({
      kind: 'status',
      deveui: '0004A30B001C0530',
      receivedAt: Date.parse('2025-03-04T08:10:00Z'),
      battery: 72.4,
    });
    expect(parseChirpstackEvent('status', { ...status, batteryLevelUnavailable: true }, NOW)).toMatchObject({
      battery: null,
    });
    for (const event of ['join', 'ack', 'txack', 'location', 'integration', 'anything'])
      expect(parseChirpstackEvent(event, 'whatever', NOW)).toEqual({ kind: 'ignored', what: event });
    expect(parseChirpstackEvent('status', null, NOW).kind).toBe('ignored');
  });

  it('refuses a malformed uplink, saying why and naming the field', () => {
    expect(parseChirpstackEvent('up', {}, NOW)).toEqual({
      kind: 'invalid',
      reason: 'deviceInfo is missing',
      field: 'deviceInfo',
    });
    expect(parseChirpstackEvent('up', { ...csGnse, data: 42 }, NOW)).toEqual({
      kind: 'invalid',
      reason: 'data must be a base64 string',
      field: 'data',
    });
    expect(parseChirpstackEvent('up', { ...csGnse, fCnt: 1.5 }, NOW)).toMatchObject({ kind: 'invalid' });
  });
});
