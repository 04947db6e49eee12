import { ByteReader, DecodeError, round1 } from './bytes';
import { emptyMeasurement, type Measurement } from './measurement';

/*
 * The Things Industries Generic Node Sensor Edition, default firmware payload (FPort 1, 6 bytes):
 * byte 0 battery in 0.1 V; bytes 1-2 big-endian (value - 500) / 10 = °C; bytes 3-4 big-endian
 * humidity in 0.1 %RH; byte 5 button state (1 = pressed: the node sends an uplink on a press).
 */

export const GNSE_FPORT = 1;

export interface GnseFrame {
  batt_volt: number;
  temperature: number;
  humidity: number;
  button: number;
}

export function decodeGnseFrame(fPort: number | null, bytes: Uint8Array): GnseFrame {
  if (fPort !== GNSE_FPORT)
    throw new DecodeError(`Generic Node frames use FPort ${GNSE_FPORT}, not ${fPort}`);
  if (bytes.length !== 6) throw new DecodeError(`a Generic Node frame has 6 bytes, not ${bytes.length}`);
  const r = new ByteReader(bytes);
  return {
    batt_volt: r.u8('battery') / 10,
    temperature: round1((r.u16be('temperature') - 500) / 10),
    humidity: r.u16be('humidity') / 10,
    button: r.u8('button'),
  };
}

/** Battery percent from the node's voltage: linear from 2.5 V (empty) to 3.6 V (full), an approximation. */
export function gnseBatteryPercent(volts: number): number {
  return round1(Math.min(100, Math.max(0, ((volts - 2.5) / (3.6 - 2.5)) * 100)));
}

export function decodeGnse(fPort: number | null, bytes: Uint8Array): Measurement {
  const f = decodeGnseFrame(fPort, bytes);
  return {
    ...emptyMeasurement(),
    batteryVolts: f.batt_volt,
    temperature: f.temperature,
    humidity: f.humidity,
    pressOffsets: f.button === 1 ? [0] : [],
  };
}
