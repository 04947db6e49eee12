import { DecodeError, round1 } from './bytes';
import type { DeviceProfile } from './device-profile';
import { DOSEDOT_FPORT, decodeDoseDot } from './dosedot';
import type { ParsedUplink } from './envelope';
import { decodeGnse, gnseBatteryPercent } from './gnse';
import { type ButtonMode, emptyMeasurement, type Measurement } from './measurement';
import { decodeMilesight, MILESIGHT_FPORT } from './milesight';

// Named here too for the callers that import them from the decoders.
export type { DeviceProfile } from './device-profile';

const CODECS: Record<DeviceProfile, (fPort: number | null, bytes: Uint8Array) => Measurement> = {
  'dosedot-box': decodeDoseDot,
  'tti-gnse': decodeGnse,
  'milesight-ws': decodeMilesight,
};

/**
 * The profile of a device seen for the first time: what its envelope names (TTS device repository
 * model, ChirpStack device-profile name), else Milesight's FPort 85, else our box.
 */
export function detectProfile(uplink: Pick<ParsedUplink, 'profileHint' | 'fPort'>): DeviceProfile {
  if (uplink.profileHint) return uplink.profileHint;
  if (uplink.fPort === MILESIGHT_FPORT) return 'milesight-ws';
  if (uplink.fPort === DOSEDOT_FPORT) return 'dosedot-box';
  return 'dosedot-box';
}

export type DecodeStatus = 'decoded' | 'fallback' | 'undecodable' | 'ignored';

export interface DecodedUplink {
  status: DecodeStatus;
  measurement: Measurement;
  /** Why our codec failed (kept with the raw uplink), or why nothing was read. */
  error: string | null;
}

/**
 * An uplink's values: our own codec for the device's profile first; the network server's decoded
 * object only when ours fails; an uplink without application data (MAC-only, FPort 0) is ignored;
 * otherwise undecodable (stored raw and counted by the caller). Battery: the device's percent, else
 * what the network server learned (TTS last_battery_percentage), else from the device's voltage.
 */
export function decodeUplink(uplink: ParsedUplink, profile: DeviceProfile): DecodedUplink {
  let result: DecodedUplink;
  if (!uplink.payload || uplink.payload.length === 0 || uplink.fPort === 0) {
    const fallback = fromNetworkObject(uplink);
    result = fallback
      ? { status: 'fallback', measurement: fallback, error: 'no application payload' }
      : { status: 'ignored', measurement: emptyMeasurement(), error: 'no application payload' };
  } else {
    try {
      result = { status: 'decoded', measurement: CODECS[profile](uplink.fPort, uplink.payload), error: null };
    } catch (err) {
      if (!(err instanceof DecodeError) && !(err instanceof RangeError)) throw err;
      const error = `${profile}: ${err.message}`;
      const fallback = fromNetworkObject(uplink);
      result = fallback
        ? { status: 'fallback', measurement: fallback, error }
        : { status: 'undecodable', measurement: emptyMeasurement(), error };
    }
  }
  const m = result.measurement;
  if (m.battery === null && result.status !== 'undecodable' && result.status !== 'ignored') {
    m.battery =
      uplink.networkBattery ?? (m.batteryVolts === null ? null : gnseBatteryPercent(m.batteryVolts));
  }
  return result;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const first = (...values: (number | null)[]): number | null => values.find((v) => v !== null) ?? null;
const at = (o: unknown, ...path: string[]): unknown => {
  let v: unknown = o;
  for (const k of path) v = isObject(v) ? v[k] : undefined;
  return v;
};

const PRESS_WORDS: Record<string, ButtonMode> = {
  short: 'single',
  'short press': 'single',
  single: 'single',
  pressed: 'single',
  long: 'long',
  'long press': 'long',
  double: 'double',
  'double press': 'double',
};

/**
 * Values from the network server's decoded object (field names differ between codec versions, so
 * several spellings are read) and TTS normalized_payload. Null when it holds nothing we know.
 */
export function fromNetworkObject(
  uplink: Pick<ParsedUplink, 'decodedObject' | 'normalized'>,
): Measurement | null {
  const o = uplink.decodedObject ?? {};
  const n = uplink.normalized[0] ?? {};
  const m = emptyMeasurement();
  m.temperature = first(
    num(o.temperature),
    num(o.temperatureBoard),
    num(o.sensorTemperature),
    num(at(n, 'air', 'temperature')),
  );
  m.humidity = first(num(o.humidity), num(o.relativeHumidity), num(at(n, 'air', 'relativeHumidity')));
  const battery = num(o.battery);
  // 'battery' is percent on some devices and volts on others: up to 5 it can only be volts.
  m.battery = first(
    num(o.battery_percent),
    num(o.batteryPercent),
    battery !== null && battery > 5 ? battery : null,
  );
  m.batteryVolts = first(
    num(o.batt_volt),
    num(o.battVolt),
    num(o.batteryVoltage),
    num(at(n, 'battVolt')),
    battery !== null && battery <= 5 ? battery : null,
  );
  const occupancy = o.occupancy === 'occupied' ? 1 : o.occupancy === 'vacant' ? 0 : null;
  m.motion = first(num(o.motion), num(at(n, 'action', 'motion', 'count')), occupancy);
  const button = o.button ?? at(o, 'button_event', 'status');
  const word = typeof button === 'string' ? PRESS_WORDS[button.toLowerCase()] : undefined;
  if (button === 1 || button === true || word || (num(o.pressEvent) ?? 0) > 0) m.pressOffsets = [0];
  if (word) m.buttonMode = word;
  for (const key of ['temperature', 'humidity', 'battery', 'batteryVolts', 'motion'] as const) {
    const v = m[key];
    if (v !== null) m[key] = round1(v);
  }
  const found =
    m.temperature !== null ||
    m.humidity !== null ||
    m.battery !== null ||
    m.batteryVolts !== null ||
    m.motion !== null ||
    m.pressOffsets.length > 0;
  return found ? m : null;
}
