import { randomBytes } from 'node:crypto';
import { chirpstackUpEvent, DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db';
import { MQTT_CONNECTIONS } from '../src/features/ingest/mqtt';
import { ENGINES, useTestApp } from './context';
import { holdBroker } from './processes';

/*
 * The MQTT subscriber against a real broker (TEST_MQTT_URL, set in CI: Mosquitto on 127.0.0.1:1883).
 * Each run uses its own share group, so another DoseDot on the same broker takes none of its messages.
 */
const BROKER = process.env.TEST_MQTT_URL;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const uplinkCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('uplinks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.skipIf(!BROKER).each(ENGINES)('MQTT ingestion against the broker on %s', (engine) => {
  // Every share group gets every uplink on the broker: the counts below are exact only while no
  // other test file publishes (taken before the app subscribes, hooks run in order).
  let releaseBroker: (() => void) | undefined;
  beforeAll(async () => {
    releaseBroker = await holdBroker();
  });
  afterAll(() => releaseBroker?.());
  const group = `test${randomBytes(4).toString('hex')}`;
  const url = `${BROKER}${BROKER?.includes('?') ? '&' : '?'}group=${group}`;
  const t = useTestApp(engine, {
    env: { MQTT_URL: url },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  let publisher: mqtt.MqttClient;
  const app = `app-${randomBytes(3).toString('hex')}`;
  const start = Date.parse('2026-02-01T06:00:00Z');

  beforeAll(async () => {
    publisher = await mqtt.connectAsync(BROKER ?? '', {
      clientId: `test-pub-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await publisher?.endAsync();
  });

  const box = (i: number, presses: number[] = []) => ({
    deveui: `B0B0000000${String(i).padStart(6, '0')}`,
    fCnt: i,
    fPort: DOSEDOT_FPORT,
    payload: encodeDoseDot({ battery: 77, temperature: 21, humidity: 48, motion: 2, pressOffsets: presses }),
    receivedAt: start + i * 60_000,
  });

  it('subscribes through the lifecycle and stores TTS (QoS 0) and ChirpStack (QoS 1) uplinks once', async () => {
    expect(t.app.lifecycle.names()).toContain('mqtt');
    const tts = ttsUplinkMessage(box(1, [0]));
    await publisher.publishAsync(`v3/${app}@ttn/devices/box-1/up`, JSON.stringify(tts), { qos: 0 });
    const cs = chirpstackUpEvent(box(2));
    const csTopic = `application/${app}/device/${box(2).deveui.toLowerCase()}/event/up`;
    await publisher.publishAsync(csTopic, JSON.stringify(cs), { qos: 1 });
    // A redelivery (broker reconnect, a second publisher) is not stored twice.
    await publisher.publishAsync(csTopic, JSON.stringify(cs), { qos: 1 });
    const n = await until(
      () => uplinkCount(t.db),
      (v) => v >= 2 && t.app.ingest.counters.duplicates >= 1,
    );
    expect(n).toBe(2);
    const stored = await t.db.selectFrom('uplinks').select(['deveui', 'source']).orderBy('deveui').execute();
    expect(stored).toEqual([
      { deveui: box(1).deveui, source: 'tts:mqtt' },
      { deveui: box(2).deveui, source: 'chirpstack:mqtt' },
    ]);
    const presses = await t.db.selectFrom('button_presses').select('pressed_at').execute();
    expect(presses).toEqual([{ pressed_at: box(1).receivedAt }]);
  });

  it('logs and counts a bad message, and goes on with the next one', async () => {
    const before = t.app.ingest.counters.badMessages;
    const stored = await uplinkCount(t.db);
    await publisher.publishAsync(`v3/${app}@ttn/devices/box-x/up`, 'not json at all', { qos: 1 });
    await publisher.publishAsync(`v3/${app}@ttn/devices/box-x/up`, JSON.stringify({ end_device_ids: {} }), {
      qos: 1,
    });
    await publisher.publishAsync(`v3/${app}@ttn/devices/box-3/up`, JSON.stringify(ttsUplinkMessage(box(3))), {
      qos: 1,
    });
    expect(
      await until(
        () => uplinkCount(t.db),
        (v) => v > stored,
      ),
    ).toBe(stored + 1);
    // Several connections hand messages over side by side: the good one may be stored first.
    expect(
      await until(
        async () => t.app.ingest.counters.badMessages - before,
        (v) => v >= 2,
      ),
    ).toBe(2);
  });

  it("takes a connection's next messages while one is being committed: one connection, many per commit", async () => {
    // A group of its own with one connection: it gets every message too (stored once: duplicates).
    const single = `${BROKER}${BROKER?.includes('?') ? '&' : '?'}group=${group}one&connections=1`;
    const one = await buildApp({ config: { ...t.config, mqttUrl: single }, db: t.db, logger: false });
    await one.ready();
    try {
      const count = 40;
      const first = 3000;
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          publisher.publishAsync(
            `v3/${app}@ttn/devices/box-${first + i}/up`,
            JSON.stringify(ttsUplinkMessage(box(first + i))),
            { qos: 1 },
          ),
        ),
      );
      expect(
        await until(
          async () => one.ingest.counters.uplinks,
          (v) => v >= count,
        ),
      ).toBe(count);
      // mqtt.js hands a connection's next message over only after the last one's PUBACK: held back
      // until the commit, each commit would hold one message.
      expect(one.ingest.commitStats.largestBatch).toBeGreaterThan(1);
      const stored = await t.db
        .selectFrom('uplinks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(
          'deveui',
          'in',
          Array.from({ length: count }, (_, i) => box(first + i).deveui),
        )
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(count);
    } finally {
      await one.close();
    }
  });

  it('splits the uplinks between two server copies in the share group, each stored once', async () => {
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    await second.ready();
    try {
      const before = await uplinkCount(t.db);
      const firstBefore = t.app.ingest.counters.uplinks;
      // The broker deals the group's messages round the subscriptions, MQTT_CONNECTIONS of each copy:
      // one message per subscription reaches both copies whatever the turn it starts at.
      const count = 2 * MQTT_CONNECTIONS;
      for (let i = 1000; i < 1000 + count; i++)
        await publisher.publishAsync(
          `v3/${app}@ttn/devices/box-${i}/up`,
          JSON.stringify(ttsUplinkMessage(box(i))),
          {
            qos: 1,
          },
        );
      expect(
        await until(
          () => uplinkCount(t.db),
          (v) => v >= before + count,
        ),
      ).toBe(before + count);
      const one = t.app.ingest.counters.uplinks - firstBefore;
      const other = second.ingest.counters.uplinks;
      expect(one + other).toBe(count);
      expect(one).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
