import {
  devAddrAt,
  deveuiAt,
  hexPayloadAt,
  invalid,
  isObject,
  objectOrNull,
  optionalInt,
  type ParsedEvent,
  run,
  str,
  timeAt,
  uplinkEvent,
} from './envelope';

/*
 * Actility ThingPark: the tunnel interface's JSON uplink (`{"DevEUI_uplink": {...}}`, the message
 * ThingPark X IoT Flow sends to every connection, HTTP included). The payload is hexadecimal,
 * numbers often come as strings ("FCntUp": "1174"), and no field names the uplink itself, so its
 * identity is DevEUI + DevAddr (the session) + frame counter, as for ChirpStack without its
 * deduplicationId: the same frame through ThingPark and ChirpStack is one uplink.
 */

/** Time, DevEUI_uplink.Time, may carry a zone offset (+02:00); parseInstant reads it. */
export function parseThingparkMessage(body: unknown, now: number): ParsedEvent {
  return run(() => {
    if (!isObject(body))
      return invalid('The body must be a JSON object (a ThingPark DevEUI_uplink message)', 'DevEUI_uplink');
    const up = body.DevEUI_uplink;
    if (up === undefined) {
      // DevEUI_notification, DevEUI_location, DevEUI_downlink_Sent, …: accepted, nothing to store.
      const other = Object.keys(body).find((k) => k.startsWith('DevEUI_'));
      if (other) return { kind: 'ignored', what: other };
      return invalid('DevEUI_uplink is missing: not a ThingPark uplink', 'DevEUI_uplink');
    }
    if (!isObject(up)) return invalid('DevEUI_uplink must be an object', 'DevEUI_uplink');
    const deveui = deveuiAt(up.DevEUI, 'DevEUI_uplink.DevEUI');
    const fPort = optionalInt(up.FPort, 'DevEUI_uplink.FPort', 255);
    const fCnt = optionalInt(up.FCntUp, 'DevEUI_uplink.FCntUp', 0xffffffff) ?? 0;
    const payload = hexPayloadAt(up.payload_hex, 'DevEUI_uplink.payload_hex');
    const receivedAt = timeAt(up.Time, 'DevEUI_uplink.Time') ?? now;
    const session = devAddrAt(up.DevAddr);
    const customer = isObject(up.CustomerData) ? up.CustomerData : {};
    return uplinkEvent({
      network: 'thingpark',
      deveui,
      receivedAt,
      fPort,
      fCnt,
      session,
      payload,
      // A driver's decoding (IoT Flow "payload"), kept as a fallback only.
      decodedObject: objectOrNull(up.payload),
      deviceName: str(customer.name),
    });
  });
}
