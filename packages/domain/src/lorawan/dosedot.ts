import { ByteReader, DecodeError } from './bytes';
import { BUTTON_MODES, type ButtonMode, emptyMeasurement, type Measurement } from './measurement';

/*
 * The DoseDot box payload, version 1 (docs/lorawan.md has the table). Sent on FPort 10, big-endian:
 *
 *   0      header: bits 7-4 format version (1); bits 3-2 button mode (0 single, 1 double, 2 long,
 *          3 off); bit 1 = presses were lost (the box's press buffer overflowed); bit 0 reserved (0)
 *   1      battery, % (0-100); 0xFF = unknown
 *   2-3    temperature, int16, 0.1 °C; 0x8000 = not measured
 *   4      relative humidity, 0.5 %RH steps (0-200); 0xFF = not measured
 *   5-6    motion events since the previous uplink, uint16 (saturates at 65535)
 *   7      N = number of presses in this frame
 *   8..    N x uint24: seconds from each press to this transmission, oldest first
 *
 * 8 + 3N bytes; at EU868 DR0 (51 bytes) a frame holds 14 presses and the box sends the rest in the
 * next frames. Frames with presses go as confirmed uplinks, so a lost one is retransmitted with the
 * same frame counter (the server deduplicates it) instead of being lost.
 */

export const DOSEDOT_FPORT = 10;
export const DOSEDOT_VERSION = 1;
export const DOSEDOT_HEADER_BYTES = 8;
/** Longest offset a press can carry: 2^24 - 1 seconds (about 194 days). */
export const DOSEDOT_MAX_OFFSET_S = 0xffffff;
/** The largest LoRaWAN application payload at EU868 DR0. */
export const DOSEDOT_DR0_BYTES = 51;

const TEMPERATURE_UNKNOWN = -0x8000;
const BYTE_UNKNOWN = 0xff;

export interface DoseDotFrame {
  buttonMode: ButtonMode;
  /** The box dropped presses because its buffer was full. */
  pressesLost: boolean;
  battery: number | null;
  temperature: number | null;
  humidity: number | null;
  motion: number;
  /** Seconds from each press to the transmission. */
  pressOffsets: number[];
}

export function decodeDoseDotFrame(fPort: number | null, bytes: Uint8Array): DoseDotFrame {
  if (fPort !== DOSEDOT_FPORT)
    throw new DecodeError(`DoseDot box frames use FPort ${DOSEDOT_FPORT}, not ${fPort}`);
  const r = new ByteReader(bytes);
  const header = r.u8('header');
  const version = header >> 4;
  if (version !== DOSEDOT_VERSION) throw new DecodeError(`unknown DoseDot format version ${version}`);
  const battery = r.u8('battery');
  if (battery !== BYTE_UNKNOWN && battery > 100)
    throw new DecodeError(`battery ${battery} % is out of range`);
  const temperature = r.i16be('temperature');
  const humidity = r.u8('humidity');
  if (humidity !== BYTE_UNKNOWN && humidity > 200)
    throw new DecodeError(`humidity ${humidity / 2} % is out of range`);
  const motion = r.u16be('motion');
  const count = r.u8('press count');
  if (r.remaining !== count * 3)
    throw new DecodeError(`${count} press(es) need ${count * 3} bytes after the header, ${r.remaining} sent`);
  const pressOffsets: number[] = [];
  for (let i = 0; i < count; i++) pressOffsets.push(r.u24be(`press ${i + 1}`));
  return {
    buttonMode: BUTTON_MODES[(header >> 2) & 3] ?? 'single',
    pressesLost: (header & 2) !== 0,
    battery: battery === BYTE_UNKNOWN ? null : battery,
    temperature: temperature === TEMPERATURE_UNKNOWN ? null : temperature / 10,
    humidity: humidity === BYTE_UNKNOWN ? null : humidity / 2,
    motion,
    pressOffsets,
  };
}

export function decodeDoseDot(fPort: number | null, bytes: Uint8Array): Measurement {
  const f = decodeDoseDotFrame(fPort, bytes);
  return {
    ...emptyMeasurement(),
    battery: f.battery,
    temperature: f.temperature,
    humidity: f.humidity,
    motion: f.motion,
    buttonMode: f.buttonMode,
    pressOffsets: f.pressOffsets,
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * One frame's bytes (the box firmware's side, used by the simulator and tests). Values are rounded
 * to the format's steps and clamped to its ranges; throws when the presses do not fit `maxBytes`.
 */
export function encodeDoseDot(frame: Partial<DoseDotFrame>, maxBytes = 242): Uint8Array {
  const offsets = frame.pressOffsets ?? [];
  const length = DOSEDOT_HEADER_BYTES + offsets.length * 3;
  if (offsets.length > 255 || length > maxBytes)
    throw new RangeError(`${offsets.length} presses need ${length} bytes, more than ${maxBytes}`);
  const out = new Uint8Array(length);
  const mode = BUTTON_MODES.indexOf(frame.buttonMode ?? 'single');
  out[0] = (DOSEDOT_VERSION << 4) | (mode << 2) | (frame.pressesLost ? 2 : 0);
  out[1] = frame.battery == null ? BYTE_UNKNOWN : clamp(Math.round(frame.battery), 0, 100);
  const t =
    frame.temperature == null
      ? TEMPERATURE_UNKNOWN
      : clamp(Math.round(frame.temperature * 10), -0x7fff, 0x7fff);
  out[2] = (t >> 8) & 0xff;
  out[3] = t & 0xff;
  out[4] = frame.humidity == null ? BYTE_UNKNOWN : clamp(Math.round(frame.humidity * 2), 0, 200);
  const motion = clamp(Math.round(frame.motion ?? 0), 0, 0xffff);
  out[5] = motion >> 8;
  out[6] = motion & 0xff;
  out[7] = offsets.length;
  offsets.forEach((offset, i) => {
    const s = clamp(Math.round(offset), 0, DOSEDOT_MAX_OFFSET_S);
    out[8 + i * 3] = s >> 16;
    out[9 + i * 3] = (s >> 8) & 0xff;
    out[10 + i * 3] = s & 0xff;
  });
  return out;
}

/** How many presses fit one frame of `maxBytes` (14 at DR0). */
export const pressesPerFrame = (maxBytes = DOSEDOT_DR0_BYTES): number =>
  Math.max(0, Math.floor((maxBytes - DOSEDOT_HEADER_BYTES) / 3));
