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
 * A client id in the URL (`?clientId=dosedot-1`) makes the session persistent (clean=false), so
 * messages published while this copy was away wait at the broker; without one each start is new.
 * `?group=` names another share group (copies of another deployment on the same broker).
 */
export function mqttSubscriber(opts: MqttSubscriberOptions): LongLived {
  const { ingest, log } = opts;
  let client: MqttClient | undefined;

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
      const persistent = url.searchParams.has('clientId');
      const options: IClientOptions = {
        clean: !persistent,
        reconnectPeriod: 2000,
        connectTimeout: 10_000,
        // Subscriptions are made again on every connection without a kept session (below).
        resubscribe: false,
        ...(persistent ? {} : { clientId: `dosedot-${hostname()}-${randomBytes(4).toString('hex')}` }),
      };
      const c = mqtt.connect(opts.url, options);
      client = c;
      // Replaces the client's default: the acknowledgement goes out when `done` is called.
      c.handleMessage = (packet, done) => {
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        handle(packet.topic, payload).then(
          () => done(),
          (err: unknown) => {
            log.error({ err, topic: packet.topic }, 'MQTT uplink not stored; left unacknowledged');
            done(err instanceof Error ? err : new Error(String(err)));
          },
        );
      };
      c.on('error', (err) => log.warn({ err: err.message }, 'MQTT error'));
      c.on('reconnect', () => log.debug('MQTT reconnecting'));
      let subscribedOnce: () => void = () => {};
      const subscribed = new Promise<void>((resolve) => {
        subscribedOnce = resolve;
      });
      c.on('connect', (ack) => {
        log.info({ sessionPresent: ack.sessionPresent }, 'MQTT connected');
        // Subscribe whenever the broker kept no session for us (the first connection included).
        if (ack.sessionPresent) return subscribedOnce();
        const topics = sharedTopics(url);
        c.subscribe(topics, { qos: 1 }, (err, granted) => {
          if (err) log.error({ err: err.message }, 'MQTT subscribe failed');
          for (const g of granted ?? []) {
            if (g.qos === 128) log.error({ topic: g.topic }, 'MQTT broker refused the subscription');
            else log.info({ topic: g.topic, qos: g.qos }, 'MQTT subscribed');
          }
          subscribedOnce();
        });
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log.warn({ host: url.host }, 'MQTT broker not reachable yet; reconnecting in the background');
          resolve();
        }, opts.connectTimeoutMs ?? 5000);
      });
      await Promise.race([subscribed, timeout]);
      clearTimeout(timer);
    },
    stop: async () => {
      await client?.endAsync();
      await ingest.drain();
    },
  };
}
