import { base64ToBytes, bytesToBase64, hexToBytes } from './bytes';
import type { DeviceProfile } from './device-profile';

/*
 * The uplink documents of The Things Stack v3 (webhook and MQTT: the same JSON) and ChirpStack v4
 * (HTTP integration and MQTT with the JSON marshaler), read into one shape. Nothing here trusts the
 * document: every field is checked, and a document that is not an uplink says why, naming the field.
 * Actility ThingPark, Loriot and Helium are read into the same shape by their sibling files
 * (thingpark.ts, loriot.ts, helium.ts) with the helpers exported below.
 */

export type NetworkServer = 'tts' | 'chirpstack' | 'thingpark' | 'loriot' | 'helium';

export interface ParsedUplink {
  network: NetworkServer;
  /** DevEUI, 16 upper-case hexadecimal digits. */
  deveui: string;
  /**
   * The uplink's own identity, never our arrival time: ChirpStack's deduplicationId, TTS's `as:up:`
   * correlation id, else DevEUI + session + frame counter (+ the network's reception time when the
   * document names no session, so a counter reset is never taken for a duplicate).
   */
  identity: string;
  /** The network server's reception time, epoch ms. */
  receivedAt: number;
  fPort: number | null;
  /** Frame counter; TTS omits zero values, so an absent counter is 0. */
  fCnt: number;
  /** TTS session_key_id or ChirpStack devAddr: changes on every (re)join. */
  session: string | null;
  /** The application payload as sent (base64), or null when the uplink carries none. */
  payloadBase64: string | null;
  payload: Uint8Array | null;
  /** The network server's own decoding (decoded_payload / object): only a fallback. */
  decodedObject: Record<string, unknown> | null;
  /** TTS normalized_payload entries (air.temperature, …): a fallback too. */
  normalized: Record<string, unknown>[];
  /** Battery percent the network server learned from the device (TTS last_battery_percentage). */
  networkBattery: number | null;
  /** The device profile the document suggests (device repository model, profile name), if any. */
  profileHint: DeviceProfile | null;
  /** A name the operator gave the device (TTS device_id, ChirpStack deviceName). */
  deviceName: string | null;
  /** A TTS Console simulation. */
  simulated: boolean;
}

export type ParsedEvent =
  | { kind: 'uplink'; uplink: ParsedUplink }
  /** ChirpStack `status`: the device's battery as the network server learned it. */
  | { kind: 'status'; deveui: string; receivedAt: number; battery: number | null }
  /** ChirpStack `log` (for example UPLINK_F_CNT_RESET): worth a log line, nothing to store. */
  | { kind: 'log'; deveui: string | null; level: string; code: string; description: string }
  /** Another message or event: accepted and not stored. */
  | { kind: 'ignored'; what: string }
  /** `field`: the path of the field that is wrong (dots between levels), when one is. */
  | { kind: 'invalid'; reason: string; field?: string };

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

class Invalid extends Error {
  constructor(
    reason: string,
    readonly field: string | undefined,
  ) {
    super(reason);
  }
}
/** Stops parsing: the document is not a valid uplink, for this reason (naming `field` when one is wrong). */
export const invalid = (reason: string, field?: string): never => {
  throw new Invalid(reason, field);
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Epoch ms of an RFC 3339 time with any number of fractional digits (the network servers send
 * nanoseconds, which Date.parse does not promise to read); null when it is not one.
 */
export function parseInstant(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const ms = Number(`${frac}000`.slice(0, 3));
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  if (zone.toUpperCase() === 'Z') return base;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  return base - sign * offset * 60_000;
}

const DEVEUI = /^[0-9a-fA-F]{16}$/;

export function deveuiAt(value: unknown, where: string): string {
  if (value === undefined || value === null || value === '') return invalid(`${where} is missing`, where);
  if (typeof value !== 'string' || !DEVEUI.test(value))
    return invalid(`${where} must be 16 hexadecimal digits`, where);
  return value.toUpperCase();
}

export function optionalInt(value: unknown, where: string, max: number): number | null {
  if (value === undefined || value === null) return null;
  // Some integrations send 64-bit numbers as strings.
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max)
    return invalid(`${where} must be a whole number from 0 to ${max}`, where);
  return n;
}

export interface Payload {
  /** Standard base64, whatever the network server sent: the form stored and compared. */
  base64: string | null;
  bytes: Uint8Array | null;
}

export function payloadAt(value: unknown, where: string): Payload {
  if (value === undefined || value === null || value === '') return { base64: null, bytes: null };
  if (typeof value !== 'string') return invalid(`${where} must be a base64 string`, where);
  const bytes = base64ToBytes(value);
  if (!bytes) return invalid(`${where} is not valid base64`, where);
  return { base64: value, bytes };
}

/** A payload sent as hexadecimal digits (ThingPark, Loriot), kept as standard base64 like the others'. */
export function hexPayloadAt(value: unknown, where: string): Payload {
  if (value === undefined || value === null || value === '') return { base64: null, bytes: null };
  const bytes = typeof value === 'string' ? hexToBytes(value) : null;
  if (!bytes) return invalid(`${where} must be a hexadecimal string (two digits a byte)`, where);
  return { base64: bytesToBase64(bytes), bytes };
}

export function timeAt(value: unknown, where: string): number | null {
  if (value === undefined || value === null) return null;
  const t = parseInstant(value);
  if (t === null) return invalid(`${where} is not an RFC 3339 time`, where);
  return t;
}

/** A time in milliseconds since 1970 (Loriot `ts`, Helium `reported_at`). */
export function epochMsAt(value: unknown, where: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 8.64e15)
    return invalid(`${where} must be a time in milliseconds since 1970`, where);
  return value;
}

/** DevAddr as a session (8 hexadecimal digits), lower case as ChirpStack sends it, so their frame keys meet. */
export function devAddrAt(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-fA-F]{8}$/.test(value) ? value.toLowerCase() : null;
}

export const objectOrNull = (v: unknown): Json | null =>
  isObject(v) && Object.keys(v).length > 0 ? v : null;

export const earliest = (values: (number | null)[]): number | null => {
  const found = values.filter((v): v is number => v !== null);
  return found.length === 0 ? null : Math.min(...found);
};

function fallbackIdentity(deveui: string, session: string | null, fCnt: number, receivedAt: number): string {
  return session ? `${deveui}/${session}/${fCnt}` : `${deveui}/t${receivedAt}/${fCnt}`;
}

/** What a network server's document says of an uplink; what it leaves out takes the default named. */
interface UplinkFields {
  network: NetworkServer;
  deveui: string;
  /** The uplink's own identity when the document names one; else fallbackIdentity's. */
  identity?: string | undefined;
  receivedAt: number;
  fPort: number | null;
  fCnt: number;
  session: string | null;
  payload: Payload;
  decodedObject: Record<string, unknown> | null;
  /** Default []. */
  normalized?: Record<string, unknown>[];
  /** Default null. */
  networkBattery?: number | null;
  /** Default null. */
  profileHint?: DeviceProfile | null;
  deviceName: string | null;
  /** Default false. */
  simulated?: boolean;
}

/** The uplink event every network server's reader returns. */
export function uplinkEvent(fields: UplinkFields): ParsedEvent {
  const { network, deveui, receivedAt, fPort, fCnt, session, payload } = fields;
  return {
    kind: 'uplink',
    uplink: {
      network,
      deveui,
      identity: fields.identity ?? fallbackIdentity(deveui, session, fCnt, receivedAt),
      receivedAt,
      fPort,
      fCnt,
      session,
      payloadBase64: payload.base64,
      payload: payload.bytes,
      decodedObject: fields.decodedObject,
      normalized: fields.normalized ?? [],
      networkBattery: fields.networkBattery ?? null,
      profileHint: fields.profileHint ?? null,
      deviceName: fields.deviceName,
      simulated: fields.simulated ?? false,
    },
  };
}

export function run(parse: () => ParsedEvent): ParsedEvent {
  try {
    return parse();
  } catch (err) {
    if (err instanceof Invalid)
      return err.field === undefined
        ? { kind: 'invalid', reason: err.message }
        : { kind: 'invalid', reason: err.message, field: err.field };
    throw err;
  }
}

/** TTS messages that are not uplinks (an integration may send them to the same address). */
const TTS_OTHER_MESSAGES = [
  'join_accept',
  'downlink_ack',
  'downlink_nack',
  'downlink_sent',
  'downlink_failed',
  'downlink_queued',
  'downlink_queue_invalidated',
  'location_solved',
  'service_data',
];

/** A TTS v3 application message (webhook body or MQTT `…/up` payload). `now` fills a missing time. */
export function parseTtsMessage(body: unknown, now: number): ParsedEvent {
  return run(() => {
    if (!isObject(body)) return invalid('The body must be a JSON object (a TTS v3 application message)');
    const ids = body.end_device_ids;
    if (!isObject(ids)) return invalid('end_device_ids is missing', 'end_device_ids');
    const up = body.uplink_message;
    if (up === undefined) {
      const other = TTS_OTHER_MESSAGES.find((k) => k in body);
      if (other) return { kind: 'ignored', what: other };
      return invalid('uplink_message is missing: not a TTS v3 uplink', 'uplink_message');
    }
    if (!isObject(up)) return invalid('uplink_message must be an object', 'uplink_message');
    const deveui = deveuiAt(ids.dev_eui, 'end_device_ids.dev_eui');
    const fPort = optionalInt(up.f_port, 'uplink_message.f_port', 255);
    const fCnt = optionalInt(up.f_cnt, 'uplink_message.f_cnt', 0xffffffff) ?? 0;
    const payload = payloadAt(up.frm_payload, 'uplink_message.frm_payload');
    const rx = Array.isArray(up.rx_metadata) ? up.rx_metadata.filter(isObject) : [];
    const settings = isObject(up.settings) ? up.settings : {};
    const receivedAt =
      timeAt(body.received_at, 'received_at') ??
      timeAt(up.received_at, 'uplink_message.received_at') ??
      earliest(rx.map((g) => parseInstant(g.received_at))) ??
      earliest(rx.map((g) => parseInstant(g.time))) ??
      parseInstant(settings.time) ??
      now;
    const session = str(up.session_key_id) ?? str(ids.dev_addr);
    const correlation = Array.isArray(body.correlation_ids)
      ? body.correlation_ids.find(
          (c): c is string => typeof c === 'string' && c.startsWith('as:up:') && c.length <= 100,
        )
      : undefined;
    const battery = isObject(up.last_battery_percentage) ? up.last_battery_percentage.value : undefined;
    const version = isObject(up.version_ids) ? up.version_ids : {};
    return uplinkEvent({
      network: 'tts',
      deveui,
      identity: correlation,
      receivedAt,
      fPort,
      fCnt,
      session,
      payload,
      decodedObject: objectOrNull(up.decoded_payload),
      normalized: Array.isArray(up.normalized_payload) ? up.normalized_payload.filter(isObject) : [],
      networkBattery:
        typeof battery === 'number' && battery >= 0 && battery <= 100 ? Math.round(battery * 10) / 10 : null,
      profileHint: profileFromModel(str(version.brand_id), str(version.model_id)),
      deviceName: str(ids.device_id),
      simulated: body.simulated === true,
    });
  });
}

/** A ChirpStack v4 event (`?event=` of the HTTP integration, or the last topic level on MQTT). */
export function parseChirpstackEvent(event: string, body: unknown, now: number): ParsedEvent {
  if (event === 'up') return run(() => parseChirpstackUp(body, now));
  if (event === 'status' || event === 'log') {
    return run(() => {
      if (!isObject(body) || !isObject(body.deviceInfo)) return { kind: 'ignored', what: event };
      const deveui = DEVEUI.test(String(body.deviceInfo.devEui))
        ? String(body.deviceInfo.devEui).toUpperCase()
        : null;
      if (event === 'log')
        return {
          kind: 'log',
          deveui,
          level: str(body.level) ?? 'INFO',
          code: str(body.code) ?? 'UNKNOWN',
          description: str(body.description) ?? '',
        };
      if (!deveui) return { kind: 'ignored', what: event };
      const level = body.batteryLevel;
      const battery =
        body.batteryLevelUnavailable !== true && typeof level === 'number' && level >= 0 && level <= 100
          ? Math.round(level * 10) / 10
          : null;
      return { kind: 'status', deveui, receivedAt: parseInstant(body.time) ?? now, battery };
    });
  }
  return { kind: 'ignored', what: event };
}

function parseChirpstackUp(body: unknown, now: number): ParsedEvent {
  if (!isObject(body)) return invalid('The body must be a JSON object (a ChirpStack v4 uplink event)');
  const info = body.deviceInfo;
  if (!isObject(info)) return invalid('deviceInfo is missing', 'deviceInfo');
  const deveui = deveuiAt(info.devEui, 'deviceInfo.devEui');
  const fPort = optionalInt(body.fPort, 'fPort', 255);
  const fCnt = optionalInt(body.fCnt, 'fCnt', 0xffffffff) ?? 0;
  const payload = payloadAt(body.data, 'data');
  const rx = Array.isArray(body.rxInfo) ? body.rxInfo.filter(isObject) : [];
  const receivedAt =
    timeAt(body.time, 'time') ??
    earliest(rx.map((g) => parseInstant(g.nsTime))) ??
    earliest(rx.map((g) => parseInstant(g.gwTime))) ??
    now;
  const session = str(body.devAddr);
  const dedup = str(body.deduplicationId);
  return uplinkEvent({
    network: 'chirpstack',
    deveui,
    identity: dedup && dedup.length <= 100 ? `cs:${dedup}` : undefined,
    receivedAt,
    fPort,
    fCnt,
    session,
    payload,
    decodedObject: objectOrNull(body.object),
    profileHint: profileFromName(str(info.deviceProfileName)),
    deviceName: str(info.deviceName),
  });
}

/** The device profile a TTS device-repository model names. */
function profileFromModel(brand: string | null, model: string | null): DeviceProfile | null {
  if (!model) return null;
  if (model === 'generic-node-sensor-edition') return 'tti-gnse';
  if (brand === 'milesight-iot' && /^ws(101|203)/.test(model)) return 'milesight-ws';
  if (brand === 'dosedot' || model.startsWith('dosedot')) return 'dosedot-box';
  return null;
}

/** The device profile a ChirpStack device-profile name suggests. */
function profileFromName(name: string | null): DeviceProfile | null {
  if (!name) return null;
  if (/generic node/i.test(name)) return 'tti-gnse';
  if (/\bws\s?(101|203)\b|milesight/i.test(name)) return 'milesight-ws';
  if (/dosedot/i.test(name)) return 'dosedot-box';
  return null;
}
