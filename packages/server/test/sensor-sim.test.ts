import type { AddressInfo } from 'node:net';
import { httpTransport, mqttTransport, runSimulation, type SimOptions } from '@dosedot/sensor-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { useTestApp } from './context';
import { holdBroker } from './processes';

/* The simulator (packages/sensor-sim) against a real server: what it sends is what gets stored. */

const TOKEN = 'ingest-token-for-tests-0123456789';
const BROKER = process.env.TEST_MQTT_URL;

const countOf = async (db: Db, table: 'uplinks' | 'button_presses' | 'sensors') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const options = (seed: number): SimOptions => ({
  boxes: 3,
  speed: 0,
  days: 2,
  // Two simulated days, ending a minute ago: all of it is played at once.
  until: Date.now() - 60_000,
  network: 'mixed',
  times: ['08:00', '13:00', '20:00'],
  zone: 'Europe/Berlin',
  intervalMinutes: 30,
  duplicateChance: 0.05,
  seed,
  deveuis: ['A', 'B', 'C'].map((l) => `51510000000000${seed}${l}`),
});

describe('the sensor simulator against the server', () => {
  // The app subscribes to the broker: its exact counts hold only while no other test file
  // publishes (taken before the app subscribes, hooks run in order).
  let releaseBroker: (() => void) | undefined;
  beforeAll(async () => {
    if (BROKER) releaseBroker = await holdBroker();
  });
  afterAll(() => releaseBroker?.());
  const t = useTestApp('sqlite', {
    env: { INGEST_TOKEN: TOKEN, ...(BROKER ? { MQTT_URL: `${BROKER}?group=sim${Date.now()}` } : {}) },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });

  it('sends TTS and ChirpStack webhooks that are stored once each, duplicates acknowledged', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const summary = await runSimulation(options(1), httpTransport(`http://127.0.0.1:${port}`, TOKEN));
    expect(summary.errors).toBe(0);
    expect(summary.sent).toBeGreaterThan(250);
    expect(summary.duplicatesSent).toBeGreaterThan(0);
    expect(summary.results.duplicate).toBe(summary.duplicatesSent);
    expect(summary.results.stored).toBe(summary.sent - summary.duplicatesSent);
    expect(await countOf(t.db, 'uplinks')).toBe(summary.sent - summary.duplicatesSent);
    expect(await countOf(t.db, 'button_presses')).toBe(summary.presses);
    expect(await countOf(t.db, 'sensors')).toBe(3);
    const sources = await t.db.selectFrom('uplinks').select('source').distinct().orderBy('source').execute();
    expect(sources.map((s) => s.source)).toEqual(['chirpstack:webhook', 'tts:webhook']);
  });

  it.skipIf(!BROKER)('publishes over MQTT as the network servers do', async () => {
    const before = await countOf(t.db, 'uplinks');
    const transport = await mqttTransport(BROKER ?? '');
    const summary = await runSimulation({ ...options(2), days: 1, intervalMinutes: 60 }, transport);
    await transport.close();
    expect(summary.errors).toBe(0);
    const expected = before + summary.sent - summary.duplicatesSent;
    const deadline = Date.now() + 10_000;
    while ((await countOf(t.db, 'uplinks')) < expected && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    // TTS publishes at QoS 0: on a local broker nothing is lost.
    expect(await countOf(t.db, 'uplinks')).toBe(expected);
  });
});
