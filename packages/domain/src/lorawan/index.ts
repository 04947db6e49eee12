export {
  chirpstackUpEvent,
  heliumUplink,
  loriotUplink,
  thingparkUplink,
  ttsUplinkMessage,
  type UplinkSpec,
  ulidOf,
  uuidOf,
} from './builders';
export { base64ToBytes, bytesToBase64, bytesToHex, DecodeError, hexToBytes } from './bytes';
export { DEVICE_PROFILES, type DeviceProfile, isDeviceProfile } from './device-profile';
export {
  DOSEDOT_DR0_BYTES,
  DOSEDOT_FPORT,
  DOSEDOT_MAX_OFFSET_S,
  type DoseDotFrame,
  decodeDoseDot,
  decodeDoseDotFrame,
  encodeDoseDot,
  pressesPerFrame,
} from './dosedot';
export {
  type NetworkServer,
  type ParsedEvent,
  type ParsedUplink,
  parseChirpstackEvent,
  parseInstant,
  parseTtsMessage,
} from './envelope';
export { decodeGnse, decodeGnseFrame, GNSE_FPORT, type GnseFrame, gnseBatteryPercent } from './gnse';
export { parseHeliumMessage } from './helium';
export { parseLoriotMessage } from './loriot';
export {
  BUTTON_MODES,
  type ButtonMode,
  emptyMeasurement,
  type HistoryReading,
  hasReading,
  type Measurement,
} from './measurement';
export { decodeMilesight, decodeMilesightFrame, MILESIGHT_FPORT, type MilesightFrame } from './milesight';
export {
  type DecodedUplink,
  type DecodeStatus,
  decodeUplink,
  detectProfile,
  fromNetworkObject,
} from './profiles';
export {
  DEFAULT_SERVICE_THRESHOLDS,
  SERVICE_HINT_TEXT,
  type ServiceHint,
  type ServiceThresholds,
  serviceHint,
} from './service-hints';
export { parseThingparkMessage } from './thingpark';
