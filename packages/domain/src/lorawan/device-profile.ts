/**
 * The payload formats we decode ourselves, keyed by the device's profile (sensors.device_profile).
 * A leaf: the envelope parsers name a profile hint and the decoders (profiles.ts) read the parsed
 * envelope, so both import the names from here and not from each other.
 */
export const DEVICE_PROFILES = ['dosedot-box', 'tti-gnse', 'milesight-ws'] as const;
export type DeviceProfile = (typeof DEVICE_PROFILES)[number];

export const isDeviceProfile = (v: string): v is DeviceProfile =>
  (DEVICE_PROFILES as readonly string[]).includes(v);
