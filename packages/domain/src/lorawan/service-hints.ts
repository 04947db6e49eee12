/*
 * Service hints on devices (ARCHITECTURE section 4): "need service now" when the battery is at most
 * 10 % or nothing was heard for 72 h; "need service soon" at most 25 % or 24 h. The server's
 * configuration may change the thresholds.
 */

export interface ServiceThresholds {
  nowBatteryPercent: number;
  nowSilentHours: number;
  soonBatteryPercent: number;
  soonSilentHours: number;
}

export const DEFAULT_SERVICE_THRESHOLDS: ServiceThresholds = {
  nowBatteryPercent: 10,
  nowSilentHours: 72,
  soonBatteryPercent: 25,
  soonSilentHours: 24,
};

export type ServiceHint = 'now' | 'soon';

export const SERVICE_HINT_TEXT: Record<ServiceHint, string> = {
  now: 'need service now',
  soon: 'need service soon',
};

const HOUR = 3_600_000;

/**
 * The hint for a device: its battery and when it was last heard (a device never heard counts from
 * when it was registered). Null when it needs nothing.
 */
export function serviceHint(
  device: { battery: number | null; lastUplinkAt: number | null; createdAt: number },
  now: number,
  t: ServiceThresholds = DEFAULT_SERVICE_THRESHOLDS,
): ServiceHint | null {
  const silentHours = (now - (device.lastUplinkAt ?? device.createdAt)) / HOUR;
  const battery = device.battery;
  if ((battery !== null && battery <= t.nowBatteryPercent) || silentHours >= t.nowSilentHours) return 'now';
  if ((battery !== null && battery <= t.soonBatteryPercent) || silentHours >= t.soonSilentHours)
    return 'soon';
  return null;
}
