import {
  deveuiAt,
  epochMsAt,
  hexPayloadAt,
  invalid,
  isObject,
  optionalInt,
  type ParsedEvent,
  run,
  uplinkEvent,
} from './envelope';

/*
 * Loriot: the application output's uplink data message (`cmd: "rx"`; HTTP push and WebSocket send
 * the same JSON). With radio verbosity Loriot sends the same frame again as `cmd: "gw"` with its
 * gateways: the same identity, so it is a duplicate. The payload is hexadecimal in `data` (the
 * output's default); `encdata` alone means Loriot holds no AppSKey for the device, so the uplink is
 * stored without a payload. Loriot names no session (DevAddr), so the identity is DevEUI + the
 * server's time `ts` + frame counter.
 */

/** Loriot messages that are uplinks; every other `cmd` (txd, tx, error, …) is accepted and not stored. */
const UPLINK_COMMANDS = ['rx', 'gw'];

export function parseLoriotMessage(body: unknown, now: number): ParsedEvent {
  return run(() => {
    if (!isObject(body)) return invalid('The body must be a JSON object (a Loriot uplink message)', 'cmd');
    if (typeof body.cmd !== 'string' || body.cmd === '')
      return invalid('cmd is missing: not a Loriot message', 'cmd');
    if (!UPLINK_COMMANDS.includes(body.cmd)) return { kind: 'ignored', what: body.cmd };
    const deveui = deveuiAt(body.EUI, 'EUI');
    const fPort = optionalInt(body.port, 'port', 255);
    const fCnt = optionalInt(body.fcnt, 'fcnt', 0xffffffff) ?? 0;
    const payload = hexPayloadAt(body.data, 'data');
    const receivedAt = epochMsAt(body.ts, 'ts') ?? now;
    const bat = optionalInt(body.bat, 'bat', 255);
    return uplinkEvent({
      network: 'loriot',
      deveui,
      receivedAt,
      fPort,
      fCnt,
      session: null,
      payload,
      decodedObject: null,
      // DevStatusAns: 1–254 a level, 0 on external power, 255 not measured.
      networkBattery: bat !== null && bat >= 1 && bat <= 254 ? Math.round((bat / 254) * 1000) / 10 : null,
      deviceName: null,
    });
  });
}
