import { ByteReader, DecodeError, round1 } from './bytes';
import { type ButtonMode, emptyMeasurement, type Measurement } from './measurement';

/*
 * Milesight WS101 (smart button) and WS203 (motion, temperature, humidity) on FPort 85: a sequence of
 * records [channel id, channel type, data]. The device-information records (channel 0xFF) that we do
 * not use are skipped by their known lengths; any other unknown record makes the frame undecodable,
 * since its length cannot be known.
 */

export const MILESIGHT_FPORT = 85;

export type MilesightPress = 'short' | 'long' | 'double';
const PRESSES: Record<number, MilesightPress> = { 1: 'short', 2: 'long', 3: 'double' };
const REPORT_TYPES: Record<number, string> = {
  0: 'temperature resume',
  1: 'temperature threshold',
  2: 'pir idle',
  3: 'pir occupancy',
  4: 'period',
};

export interface MilesightHistoryRecord {
  /** Unix seconds of the device's own clock. */
  timestamp: number;
  report_type: string;
  occupancy: 'vacant' | 'occupied';
  temperature: number;
  humidity: number;
}

export interface MilesightFrame {
  battery?: number;
  button?: MilesightPress;
  temperature?: number;
  humidity?: number;
  occupancy?: 'vacant' | 'occupied';
  history?: MilesightHistoryRecord[];
}

/** Device-information records (channel 0xFF) and their data lengths. */
const INFO_LENGTHS: Record<number, number> = {
  1: 1, // protocol version
  9: 2, // hardware version
  10: 2, // firmware version
  11: 1, // power on
  15: 1, // LoRaWAN class
  22: 8, // serial number
  254: 1, // reset event
  255: 2, // TSL version
};

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();

export function decodeMilesightFrame(fPort: number | null, bytes: Uint8Array): MilesightFrame {
  if (fPort !== MILESIGHT_FPORT)
    throw new DecodeError(`Milesight frames use FPort ${MILESIGHT_FPORT}, not ${fPort}`);
  if (bytes.length === 0) throw new DecodeError('empty Milesight frame');
  const r = new ByteReader(bytes);
  const out: MilesightFrame = {};
  while (r.remaining > 0) {
    const at = r.offset;
    const channel = r.u8('channel id');
    const type = r.u8('channel type');
    if (channel === 0x01 && type === 0x75) out.battery = r.u8('battery');
    else if (channel === 0xff && type === 0x2e) {
      const code = r.u8('button');
      const press = PRESSES[code];
      if (!press) throw new DecodeError(`unknown button event ${code} at offset ${at}`);
      out.button = press;
    } else if (channel === 0x03 && type === 0x67) out.temperature = round1(r.i16le('temperature') / 10);
    else if (channel === 0x04 && type === 0x68) out.humidity = r.u8('humidity') / 2;
    else if (channel === 0x05 && type === 0x00)
      out.occupancy = r.u8('occupancy') === 1 ? 'occupied' : 'vacant';
    else if (channel === 0x20 && type === 0xce) {
      const timestamp = r.u32le('history time');
      const reportType = r.u8('history report type');
      const occupancy = r.u8('history occupancy') === 1 ? 'occupied' : 'vacant';
      const temperature = round1(r.i16le('history temperature') / 10);
      const humidity = r.u8('history humidity') / 2;
      out.history ??= [];
      out.history.push({
        timestamp,
        report_type: REPORT_TYPES[reportType] ?? `type ${reportType}`,
        occupancy,
        temperature,
        humidity,
      });
    } else if (channel === 0xff && INFO_LENGTHS[type] !== undefined) {
      for (let i = 0; i < (INFO_LENGTHS[type] ?? 0); i++) r.u8(`device information ${hex(type)}`);
    } else throw new DecodeError(`unknown Milesight record ${hex(channel)} ${hex(type)} at offset ${at}`);
  }
  return out;
}

const MODES: Record<MilesightPress, ButtonMode> = { short: 'single', long: 'long', double: 'double' };

export function decodeMilesight(fPort: number | null, bytes: Uint8Array): Measurement {
  const f = decodeMilesightFrame(fPort, bytes);
  return {
    ...emptyMeasurement(),
    battery: f.battery ?? null,
    temperature: f.temperature ?? null,
    humidity: f.humidity ?? null,
    motion: f.occupancy === undefined ? null : f.occupancy === 'occupied' ? 1 : 0,
    buttonMode: f.button ? MODES[f.button] : null,
    pressOffsets: f.button ? [0] : [],
    history: (f.history ?? []).map((h) => ({
      at: h.timestamp * 1000,
      temperature: h.temperature,
      humidity: h.humidity,
      motion: h.occupancy === 'occupied' ? 1 : 0,
    })),
  };
}
