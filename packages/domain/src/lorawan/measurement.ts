/** How the box's button is configured to confirm an intake (sensormode in the spec). */
export const BUTTON_MODES = ['single', 'double', 'long', 'off'] as const;
export type ButtonMode = (typeof BUTTON_MODES)[number];

/** A reading the device timestamped with its own clock (Milesight history records). */
export interface HistoryReading {
  /** Epoch ms of the device clock. */
  at: number;
  temperature: number | null;
  humidity: number | null;
  motion: number | null;
}

/**
 * What one uplink tells us, whatever the device: the units the app stores (°C, %RH, battery %,
 * motion count) and the presses as seconds before reception, so presses the box buffered while it
 * had no network keep their true time.
 */
export interface Measurement {
  temperature: number | null;
  humidity: number | null;
  /** Battery in percent (0–100). */
  battery: number | null;
  /** Battery voltage, when the device reports volts instead of percent. */
  batteryVolts: number | null;
  /** Motion events since the previous uplink (or 0/1 occupancy for presence sensors). */
  motion: number | null;
  buttonMode: ButtonMode | null;
  /** One entry per press: seconds between the press and the uplink's reception (0 = just now). */
  pressOffsets: number[];
  history: HistoryReading[];
}

export const emptyMeasurement = (): Measurement => ({
  temperature: null,
  humidity: null,
  battery: null,
  batteryVolts: null,
  motion: null,
  buttonMode: null,
  pressOffsets: [],
  history: [],
});

/** True when the uplink carries at least one value for the readings table. */
export const hasReading = (m: Measurement): boolean =>
  m.temperature !== null || m.humidity !== null || m.battery !== null || m.motion !== null;
