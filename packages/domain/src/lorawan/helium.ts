import {
  devAddrAt,
  deveuiAt,
  earliest,
  epochMsAt,
  invalid,
  isObject,
  objectOrNull,
  optionalInt,
  type ParsedEvent,
  payloadAt,
  run,
  str,
  uplinkEvent,
} from './envelope';

/*
 * Helium Console's integration JSON (HTTP and MQTT integrations send the same document): `dev_eui`,
 * `devaddr`, `fcnt`, `port`, `payload` (base64), `reported_at` (epoch ms) and the `hotspots` that
 * heard it. Its `id` names the device in Console, not the uplink, so the identity is DevEUI +
 * DevAddr + frame counter, as for ChirpStack without a deduplicationId. (Helium's LNSs since 2023 run
 * ChirpStack: their uplinks go to /api/ingest/chirpstack.)
 */

export function parseHeliumMessage(body: unknown, now: number): ParsedEvent {
  return run(() => {
    if (!isObject(body)) return invalid('The body must be a JSON object (a Helium uplink)', 'dev_eui');
    // Newer Console versions name the message's type; joins and the like are not uplinks.
    if (typeof body.type === 'string' && body.type !== 'uplink') return { kind: 'ignored', what: body.type };
    const deveui = deveuiAt(body.dev_eui, 'dev_eui');
    const fPort = optionalInt(body.port, 'port', 255);
    const fCnt = optionalInt(body.fcnt, 'fcnt', 0xffffffff) ?? 0;
    const payload = payloadAt(body.payload, 'payload');
    const hotspots = Array.isArray(body.hotspots) ? body.hotspots.filter(isObject) : [];
    const receivedAt =
      epochMsAt(body.reported_at, 'reported_at') ??
      earliest(hotspots.map((h) => (typeof h.reported_at === 'number' ? h.reported_at : null))) ??
      now;
    const session = devAddrAt(body.devaddr);
    const decoded = isObject(body.decoded) ? body.decoded : {};
    return uplinkEvent({
      network: 'helium',
      deveui,
      receivedAt,
      fPort,
      fCnt,
      session,
      payload,
      // A Console function's decoding, kept as a fallback only.
      decodedObject: objectOrNull(decoded.payload),
      deviceName: str(body.name),
    });
  });
}
