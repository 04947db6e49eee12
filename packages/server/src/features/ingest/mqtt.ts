import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseChirpstackEvent, parseTtsMessage } from '@dosedot/domain/lorawan';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { LongLived } from '../../plugins/lifecycle';
import type { IngestService } from './service';

/** The uplink topics of both network servers (default topic templates). */
export const MQTT_TOPICS = ['v3/+/devices/+/up', 'application/+/device/+/event/up'] as const;
/** Several server copies in this group share the uplinks: each message goes to one of them. */
export const MQTT_SHARE_GROUP = 'dosedot';

/** The shared-subscription topics: `$share/<group>/<topic>`, the group from `?group=` of the URL or 'dosedot'. */
export function sharedTopics(url: URL): string[] {
  const group = url.searchParams.get('group') || MQTT_SHARE_GROUP;
  return MQTT_TOPICS.map((t) => `$share/${group}/${t}`);
}

/**
 * Connections to the broker, each a member of the share group: the broker deals the group's messages
 * round them, and each connection holds up to the broker's in-flight window of messages waiting for
 * their commit (their PUBACKs held back: deferAcks), so a group commit takes many of each.
 * `?connections=` sets another number.
 */
export const MQTT_CONNECTIONS = 64;

/** The connections' client ids: with `?clientId=x`, x, x-1, x-2, … (each a kept session); else none. */
export function mqttClientIds(url: URL): string[] | undefined {
  const id = url.searchParams.get('clientId');
  if (!id) return undefined;
  const count = Number(url.searchParams.get('connections') ?? MQTT_CONNECTIONS);
  return Array.from({ length: Math.max(1, Math.min(count, 1000)) }, (_, i) => (i === 0 ? id : `${id}-${i}`));
}

/** The part of mqtt.js's client that sends a packet (not in its types; stable across v5). */
interface PacketSender {
  _sendPacket(
    packet: { cmd: string; messageId?: number },
    cb?: (err?: Error) => void,
    ...rest: unknown[]
  ): void;
}

/**
 * Messages of one connection handled and not yet acknowledged: the broker's in-flight limit bounds
 * them (Mosquitto 20 by default); this bounds them where a broker sets none.
 */
const MAX_UNACKNOWLEDGED = 100;

/**
 * Holds back the PUBACK of each QoS 1 message until `stored(messageId, work)`'s work has resolved,
 * in the order the messages were received (MQTT 3.1.1 section 4.6): mqtt.js sends the PUBACK when
 * the message handler calls back, and its callback (which reads the next packet) is called at once.
 * A message whose work fails is never acknowledged, so the broker delivers it again (a kept session);
 * the messages after it are acknowledged once theirs are stored.
 */
function deferAcks(
  client: MqttClient,
  failed: (err: unknown, messageId: number) => void,
): (messageId: number, work: Promise<void>) => void {
  // mqtt.js declares it private: read by name, typed by what it does.
  const sendPacket: PacketSender['_sendPacket'] = Reflect.get(client, '_sendPacket');
  const send = sendPacket.bind(client);
  const held = new Map<number, Promise<boolean>>();
  /** The previous message's acknowledgement: the next one goes out after it. */
  let last: Promise<unknown> = Promise.resolve();
  let unacknowledged = 0;
  const deferring: PacketSender['_sendPacket'] = (packet, cb, ...rest) => {
    const work =
      packet.cmd === 'puback' && packet.messageId !== undefined ? held.get(packet.messageId) : undefined;
    if (work === undefined) return send(packet, cb, ...rest);
    held.delete(packet.messageId as number);
    unacknowledged++;
    last = Promise.all([last, work]).then(([, ok]) => {
      unacknowledged--;
      if (ok) send(packet);
    });
    // The handler goes on with the next packet now and the PUBACK follows the commit; past
    // MAX_UNACKNOWLEDGED (a broker without an in-flight limit) it waits for this one's PUBACK.
    if (unacknowledged <= MAX_UNACKNOWLEDGED) cb?.();
    else void last.then(() => cb?.());
  };
  Reflect.set(client, '_sendPacket', deferring);
  return (messageId, work) => {
    held.set(
      messageId,
      work.then(
        () => true,
        (err: unknown) => {
          failed(err, messageId);
          return false;
        },
      ),
    );
  };
}

const TTS_TOPIC = /^v3\/[^/]+\/devices\/[^/]+\/up$/;
const CHIRPSTACK_TOPIC = /^application\/[^/]+\/device\/[^/]+\/event\/([^/]+)$/;

export interface MqttSubscriberOptions {
  url: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
  /** How long start waits for the first connection before going on (reconnecting in the background). */
  connectTimeoutMs?: number;
}

/**
 * The MQTT subscriber as a long-lived part: shared subscriptions to the uplink topics of TTS and
 * ChirpStack, each message stored through the same ingestion as the webhooks. A QoS 1 message is
 * acknowledged (PUBACK) only after its commit; when the database fails it is not acknowledged, so the
 * broker delivers it again. A message that is not an uplink document is logged, counted and
 * acknowledged (sending it again would not make it better). TTS publishes at QoS 0 only.
 *
 * A client id in the URL (`?clientId=dosedot-1`) makes the sessions persistent (clean=false, one per
 * connection: dosedot-1, dosedot-1-1, …), so messages published while this copy was away wait at the
 * broker; without one each start is new. `?connections=` sets how many connections (MQTT_CONNECTIONS).
 * `?group=` names another share group (copies of another deployment on the same broker).
 */
export function mqttSubscriber(opts: MqttSubscriberOptions): LongLived {
  const { ingest, log } = opts;
  const clients: MqttClient[] = [];

  /** One connection of the share group; resolves once subscribed (or its kept session is back). */
  function connectOne(url: URL, broker: string, options: IClientOptions): Promise<void> {
    const c = mqtt.connect(broker, options);
    const first = clients.length === 0;
    clients.push(c);
    // mqtt.js reads a connection's next message only once the last one's PUBACK is sent, so waiting
    // for the commit there would hold one message per connection in each group commit. Instead the
    // message is handed on at once and its PUBACK held back (deferAcks): it goes out once the
    // message is durably stored, in the order the messages came. The broker hands a connection up to
    // its in-flight limit of unacknowledged messages (Mosquitto: 20), so a commit holds many.
    const stored = deferAcks(c, (err, messageId) =>
      log.error({ err, messageId }, 'MQTT uplink not stored; left unacknowledged'),
    );
    c.handleMessage = (packet, done) => {
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      const handled = handle(packet.topic, payload);
      if (packet.qos === 1 && packet.messageId !== undefined) stored(packet.messageId, handled);
      else handled.catch((err: unknown) => log.error({ err, topic: packet.topic }, 'MQTT uplink not stored'));
      done();
    };
    c.on('error', (err) => log.warn({ err: err.message }, 'MQTT error'));
    c.on('reconnect', () => log.debug('MQTT reconnecting'));
    // The first connection says what all do; the others only when something goes wrong.
    const info = first ? log.info.bind(log) : log.debug.bind(log);
    return new Promise<void>((subscribed) => {
      c.on('connect', (ack) => {
        info({ sessionPresent: ack.sessionPresent, clientId: options.clientId }, 'MQTT connected');
        // Subscribe whenever the broker kept no session for us (the first connection included).
        if (ack.sessionPresent) return subscribed();
        c.subscribe(sharedTopics(url), { qos: 1 }, (err, granted) => {
          if (err) log.error({ err: err.message }, 'MQTT subscribe failed');
          for (const g of granted ?? []) {
            if (g.qos === 128) log.error({ topic: g.topic }, 'MQTT broker refused the subscription');
            else info({ topic: g.topic, qos: g.qos }, 'MQTT subscribed');
          }
          subscribed();
        });
      });
    });
  }

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const tts = TTS_TOPIC.test(topic);
    const chirpstack = CHIRPSTACK_TOPIC.exec(topic);
    const bad = (reason: string) => {
      ingest.counters.badMessages++;
      log.warn({ topic, reason, bytes: payload.length }, 'bad MQTT message ignored');
    };
    if (!tts && !chirpstack) return bad('not an uplink topic');
    const text = payload.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return bad('not JSON (set the integration to the JSON marshaler)');
    }
    const now = Date.now();
    const event = tts ? parseTtsMessage(json, now) : parseChirpstackEvent(chirpstack?.[1] ?? 'up', json, now);
    const result = await ingest.receive(event, text, tts ? 'tts:mqtt' : 'chirpstack:mqtt');
    if (result.result === 'invalid') bad(result.reason);
  }

  return {
    name: 'mqtt',
    start: async () => {
      const url = new URL(opts.url);
      const ids = mqttClientIds(url);
      const count = ids?.length ?? Number(url.searchParams.get('connections') ?? MQTT_CONNECTIONS);
      // The client id goes in the options, one per connection (mqtt.js would take the URL's for all).
      const broker = new URL(url);
      broker.searchParams.delete('clientId');
      const instance = randomBytes(4).toString('hex');
      const subscriptions = Array.from({ length: Math.max(1, Math.min(count, 1000)) }, (_, i) =>
        connectOne(url, broker.toString(), {
          clean: !ids,
          reconnectPeriod: 2000,
          connectTimeout: 10_000,
          // Subscriptions are made again on every connection without a kept session (connectOne).
          resubscribe: false,
          clientId: ids?.[i] ?? `dosedot-${hostname()}-${instance}-${i}`,
        }),
      );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log.warn({ host: url.host }, 'MQTT broker not reachable yet; reconnecting in the background');
          resolve();
        }, opts.connectTimeoutMs ?? 5000);
      });
      await Promise.race([Promise.all(subscriptions), timeout]);
      clearTimeout(timer);
    },
    stop: async () => {
      await Promise.all(clients.map((c) => c.endAsync()));
      await ingest.drain();
    },
  };
}
