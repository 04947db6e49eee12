import { chirpstackUpEvent, DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import { describe, expect, it } from 'vitest';
import csLog from '../../domain/src/lorawan/fixtures/chirpstack-v4/log-reconstructed-fcnt-retransmission.json';
import csDocs from '../../domain/src/lorawan/fixtures/chirpstack-v4/up-docs-example.json';
import csGnse from '../../domain/src/lorawan/fixtures/chirpstack-v4/up-reconstructed-gnse-dose-press.json';
import scenario from '../../domain/src/lorawan/fixtures/tts-v3/scenario-synthetic-dedup-and-fcnt-reset.json';
import ttsMqttDoc from '../../domain/src/lorawan/fixtures/tts-v3/uplink-docs-mqtt-example.json';
import ttsGnse from '../../domain/src/lorawan/fixtures/tts-v3/uplink-reconstructed-gnse-dose-press.json';
import type { Db } from '../src/db';
import { ENGINES, useTestApp } from './context';

// Fixtures: copies of shared/fixtures/lorawan (packages/domain/src/lorawan/fixtures/SOURCES.md).

const TOKEN = 'ingest-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

type Table = 'uplinks' | 'sensors' | 'sensor_readings' | 'button_presses';
async function rows(db: Db, table: Table): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const counts = async (db: Db) => ({
  uplinks: await rows(db, 'uplinks'),
  sensors: await rows(db, 'sensors'),
  readings: await rows(db, 'sensor_readings'),
  presses: await rows(db, 'button_presses'),
});

async function clear(db: Db) {
  for (const table of ['button_presses', 'sensor_readings', 'uplinks'] as const)
    await db.deleteFrom(table).execute();
  await db.deleteFrom('sensors').execute();
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe.each(ENGINES)('LoRaWAN ingestion webhooks on %s', (engine) => {
  // Many concurrent uplinks on a loaded machine must not meet the overload check (not what this tests).
  const t = useTestApp(engine, {
    env: { INGEST_TOKEN: TOKEN },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const tts = (body: unknown, headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'POST', url: '/api/ingest/tts', headers, payload: body as object });
  const chirpstack = (event: string | undefined, body: unknown, headers: Record<string, string> = auth) =>
    t.app.inject({
      method: 'POST',
      url: event === undefined ? '/api/ingest/chirpstack' : `/api/ingest/chirpstack?event=${event}`,
      headers,
      payload: body as object,
    });

  it('answers 401 to a missing or wrong token and stores nothing', async () => {
    await clear(t.db);
    const calls: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: TOKEN },
    ];
    for (const headers of calls) {
      const a = await tts(ttsGnse, headers);
      expect(a.statusCode).toBe(401);
      expect(a.json().error.name).toBe('UnauthorizedError');
      expect((await chirpstack('up', csGnse, headers)).statusCode).toBe(401);
    }
    expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
  });

  it.each([
    ['not JSON', () => '{"end_device_ids":', 'Malformed JSON in request body'],
    [
      'not an uplink',
      () => ({ end_device_ids: { dev_eui: '0004A30B001C0530' } }),
      'uplink_message is missing',
    ],
    [
      'a bad DevEUI',
      () => {
        const b = clone(ttsGnse);
        b.end_device_ids.dev_eui = '0004A30B';
        return b;
      },
      'end_device_ids.dev_eui must be 16 hexadecimal digits',
    ],
    [
      'a payload that is not base64',
      () => {
        const b = clone(ttsGnse);
        b.uplink_message.frm_payload = '***';
        return b;
      },
      'uplink_message.frm_payload is not valid base64',
    ],
  ])('answers 400 to %s with the reason, and stores nothing', async (_what, body, reason) => {
    await clear(t.db);
    const raw = body();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/tts',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: typeof raw === 'string' ? raw : JSON.stringify(raw),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      status: 400,
      name: 'ValidationError',
      message: expect.stringContaining(reason),
    });
    expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
  });

  it('answers 400 to a ChirpStack call without its event or with a malformed uplink, 415 to protobuf', async () => {
    await clear(t.db);
    expect((await chirpstack(undefined, csGnse)).statusCode).toBe(400);
    const bad = await chirpstack('up', { ...csGnse, deviceInfo: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('deviceInfo.devEui is missing');
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/chirpstack?event=up',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: Buffer.from([1, 2, 3]),
    });
    expect(proto.statusCode).toBe(415);
    expect(proto.json().error.message).toContain('JSON marshaler');
    expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
  });

  it('stores a TTS uplink: the raw uplink, the reading, the press at reception time, the new device', async () => {
    await clear(t.db);
    const res = await tts(ttsGnse);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { result: 'stored', identity: 'as:up:01JNH8A4Z4B3E5N2P7R9S1T3VX', decode: 'decoded' },
    });
    const receivedAt = Date.parse('2025-03-04T08:00:01.512Z');
    const uplink = await t.db.selectFrom('uplinks').selectAll().executeTakeFirstOrThrow();
    expect(uplink).toMatchObject({
      deveui: '0004A30B001C0530',
      source: 'tts:webhook',
      received_at: receivedAt,
      f_port: 1,
      f_cnt: 42,
      payload: 'IwLYAPoB',
      decode_status: 'decoded',
      decode_error: null,
    });
    expect(JSON.parse(uplink.envelope)).toEqual(ttsGnse);
    const sensor = await t.db.selectFrom('sensors').selectAll().executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({
      deveui: '0004A30B001C0530',
      device_profile: 'tti-gnse',
      name: 'medbox-0004a30b001c0530',
      battery: 86.6,
      last_uplink_at: receivedAt,
    });
    // Registered, unassigned.
    expect(await t.db.selectFrom('sensor_assignments').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('sensor_readings').selectAll().execute()).toEqual([
      expect.objectContaining({
        sensor_id: sensor.id,
        uplink_id: uplink.id,
        measured_at: receivedAt,
        temperature: 22.8,
        humidity: 25,
        battery: 86.6,
        motion: null,
      }),
    ]);
    // Two gateways heard it: one press.
    expect(await t.db.selectFrom('button_presses').select(['pressed_at', 'uplink_id']).execute()).toEqual([
      { pressed_at: receivedAt, uplink_id: uplink.id },
    ]);
  });

  it('stores what the dedup-and-reset scenario says: 3 uplinks, 2 presses, the re-delivery acknowledged', async () => {
    await clear(t.db);
    const results = [];
    for (const delivery of scenario.deliveries) {
      const res = await tts(delivery.body);
      expect(res.statusCode).toBe(200);
      results.push(res.json().data.result);
    }
    expect(results).toEqual(['stored', 'stored', 'duplicate', 'stored']);
    expect(await counts(t.db)).toEqual({
      uplinks: scenario.expectations.distinct_uplinks,
      sensors: 1,
      readings: 3,
      presses: scenario.expectations.dose_presses,
    });
    const presses = await t.db
      .selectFrom('button_presses')
      .select('pressed_at')
      .orderBy('pressed_at')
      .execute();
    expect(presses.map((p) => new Date(p.pressed_at).toISOString())).toEqual([
      '2025-03-04T08:00:01.512Z',
      '2025-03-04T20:00:04.019Z',
    ]);
    const fCnts = await t.db.selectFrom('uplinks').select('f_cnt').orderBy('received_at').execute();
    expect(fCnts.map((u) => u.f_cnt)).toEqual([41, 42, 0]);
    // Delivering the whole scenario again stores nothing more.
    for (const delivery of scenario.deliveries)
      expect((await tts(delivery.body)).json().data.result).toBe('duplicate');
    expect(await rows(t.db, 'uplinks')).toBe(3);
  });

  it('stores a ChirpStack uplink once (deduplicationId) and accepts status, log and other events', async () => {
    await clear(t.db);
    const first = await chirpstack('up', csGnse);
    expect(first.json()).toEqual({
      data: { result: 'stored', identity: 'cs:5e0f4b8a-7c21-4d8e-9b3a-2f6c1d0e9a47', decode: 'decoded' },
    });
    expect((await chirpstack('up', csGnse)).json().data.result).toBe('duplicate');
    const status = {
      time: '2025-03-04T08:05:00Z',
      deviceInfo: csGnse.deviceInfo,
      batteryLevel: 55.5,
      margin: 7,
    };
    expect((await chirpstack('status', status)).json().data).toEqual({
      result: 'stored',
      identity: null,
      decode: null,
    });
    expect((await chirpstack('log', csLog)).json().data.result).toBe('ignored');
    for (const event of ['join', 'ack', 'txack', 'location', 'integration', 'something-new'])
      expect((await chirpstack(event, { anything: true })).statusCode).toBe(200);
    const sensor = await t.db.selectFrom('sensors').selectAll().executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({ deveui: '0004A30B001C0530', battery: 55.5 });
    expect(await counts(t.db)).toEqual({ uplinks: 1, sensors: 1, readings: 1, presses: 1 });
  });

  it('stores an undecodable payload raw and counts it, with no readings', async () => {
    await clear(t.db);
    const before = t.app.ingest.counters.undecodable;
    const res = await chirpstack('up', csDocs);
    expect(res.json().data).toMatchObject({ result: 'stored', decode: 'undecodable' });
    const mqttDoc = await tts(ttsMqttDoc);
    expect(mqttDoc.json().data).toMatchObject({ result: 'stored', decode: 'undecodable' });
    const stored = await t.db.selectFrom('uplinks').selectAll().orderBy('received_at').execute();
    expect(stored.map((u) => [u.deveui, u.payload, u.decode_status])).toEqual([
      ['4200000000000000', 'VGVtcGVyYXR1cmUgPSAwLjA=', 'undecodable'],
      ['0101010101010101', 'qg==', 'undecodable'],
    ]);
    expect(stored[1]?.decode_error).toContain('dosedot-box');
    expect(t.app.ingest.counters.undecodable - before).toBe(2);
    expect(await counts(t.db)).toEqual({ uplinks: 2, sensors: 2, readings: 0, presses: 0 });
  });

  it('places presses the box buffered at their true time and keeps the newest summary', async () => {
    await clear(t.db);
    const at = Date.parse('2026-01-10T08:30:00Z');
    const deveui = 'A84041000181C0FF';
    const payload = encodeDoseDot({
      battery: 64,
      temperature: 19.5,
      humidity: 40,
      motion: 4,
      buttonMode: 'double',
      pressOffsets: [5400, 30],
    });
    expect(
      (await tts(ttsUplinkMessage({ deveui, fCnt: 12, fPort: DOSEDOT_FPORT, payload, receivedAt: at })))
        .statusCode,
    ).toBe(200);
    const presses = await t.db
      .selectFrom('button_presses')
      .select('pressed_at')
      .orderBy('pressed_at')
      .execute();
    expect(presses.map((p) => p.pressed_at)).toEqual([at - 5400_000, at - 30_000]);
    // A late retry of an older uplink leaves the summary at the newer one.
    const older = encodeDoseDot({ battery: 70, buttonMode: 'single' });
    await chirpstack(
      'up',
      chirpstackUpEvent({ deveui, fCnt: 11, fPort: DOSEDOT_FPORT, payload: older, receivedAt: at - 600_000 }),
    );
    const sensor = await t.db
      .selectFrom('sensors')
      .selectAll()
      .where('deveui', '=', deveui)
      .executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({
      device_profile: 'dosedot-box',
      battery: 64,
      buttonmode: 'double',
      last_uplink_at: at,
    });
    expect(await rows(t.db, 'sensor_readings')).toBe(2);
  });

  it("decodes with the box's profile as it is now, changed or deleted by another writer between uplinks", async () => {
    await clear(t.db);
    const deveui = 'A840410001C0FFEE';
    const at = Date.parse('2026-01-12T08:00:00Z');
    const up = (fCnt: number) =>
      chirpstack(
        'up',
        chirpstackUpEvent({
          deveui,
          fCnt,
          fPort: DOSEDOT_FPORT,
          payload: encodeDoseDot({ battery: 80, temperature: 20, humidity: 50, motion: 1 }),
          receivedAt: at + fCnt * 60_000,
        }),
      );
    const decode = async (fCnt: number) => {
      const answer = await up(fCnt);
      expect(answer.statusCode).toBe(200);
      return answer.json().data.decode;
    };
    expect(await decode(1)).toBe('decoded');
    expect(await decode(2)).toBe('decoded');
    // Another server copy (or an operator) gives the box another profile: a DoseDot frame is no
    // Milesight frame, so it is no longer decoded as one (PostgreSQL keeps boxes between batches).
    await t.db
      .updateTable('sensors')
      .set({ device_profile: 'milesight-ws' })
      .where('deveui', '=', deveui)
      .execute();
    expect(await decode(3)).not.toBe('decoded');
    // Deleted: the next uplink registers it again, as the DoseDot box it says it is.
    await t.db.deleteFrom('sensor_readings').execute();
    await t.db
      .updateTable('uplinks')
      .set({ deveui: 'A840410001C0FFEF' })
      .where('deveui', '=', deveui)
      .execute();
    await t.db.deleteFrom('sensors').where('deveui', '=', deveui).execute();
    expect(await decode(4)).toBe('decoded');
    const box = await t.db
      .selectFrom('sensors')
      .select(['device_profile', 'last_uplink_at'])
      .where('deveui', '=', deveui)
      .executeTakeFirstOrThrow();
    expect(box).toEqual({ device_profile: 'dosedot-box', last_uplink_at: at + 4 * 60_000 });
    expect(await rows(t.db, 'sensor_readings')).toBe(1);
  });

  it('commits concurrent uplinks together, each once, and answers each after the commit', async () => {
    await clear(t.db);
    const start = Date.parse('2026-01-11T00:00:00Z');
    const bodies = Array.from({ length: 120 }, (_, i) =>
      ttsUplinkMessage({
        deveui: `A8404100018${String(i % 6).padStart(5, '0')}`,
        fCnt: i,
        fPort: DOSEDOT_FPORT,
        payload: encodeDoseDot({
          battery: 90,
          temperature: 20,
          humidity: 50,
          motion: 1,
          pressOffsets: i % 3 === 0 ? [0] : [],
        }),
        receivedAt: start + i * 1000,
      }),
    );
    const commitsBefore = t.app.ingest.commitStats.commits;
    // Every tenth one is delivered twice at the same moment.
    const deliveries = [...bodies, ...bodies.filter((_, i) => i % 10 === 0)];
    const answers = await Promise.all(deliveries.map((b) => tts(b)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const results = answers.map((a) => a.json().data.result);
    expect(results.filter((r) => r === 'stored')).toHaveLength(120);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(12);
    expect(t.app.ingest.commitStats.commits - commitsBefore).toBeLessThan(20);
    expect(await counts(t.db)).toEqual({ uplinks: 120, sensors: 6, readings: 120, presses: 40 });
  });

  const sensorOf = (deveui: string) =>
    t.db.selectFrom('sensors').selectAll().where('deveui', '=', deveui).executeTakeFirstOrThrow();
  const uplinksOf = (deveui: string) =>
    t.db.selectFrom('uplinks').selectAll().where('deveui', '=', deveui).orderBy('id').execute();
  const boxPayload = (battery: number, pressOffsets: number[] = []) =>
    encodeDoseDot({ battery, temperature: 21, humidity: 45, motion: 1, buttonMode: 'single', pressOffsets });

  it.each([
    ['TTS', ttsUplinkMessage, (b: unknown) => tts(b)],
    ['ChirpStack', chirpstackUpEvent, (b: unknown) => chirpstack('up', b)],
  ] as const)(
    'stores a %s uplink dated 2099 with our receive time, flagged, and the box does not look alive',
    async (_server, build, send) => {
      await clear(t.db);
      const deveui = 'A840410001A1B2C3';
      const heard = Date.now() - 3_600_000;
      expect(
        (
          await send(
            build({ deveui, fCnt: 7, fPort: DOSEDOT_FPORT, payload: boxPayload(64), receivedAt: heard }),
          )
        ).statusCode,
      ).toBe(200);
      const futureBefore = t.app.ingest.counters.futureDated;
      const claimed = Date.parse('2099-01-01T00:00:00Z');
      const before = Date.now();
      const res = await send(
        build({ deveui, fCnt: 8, fPort: DOSEDOT_FPORT, payload: boxPayload(12, [0]), receivedAt: claimed }),
      );
      const after = Date.now();
      expect(res.statusCode).toBe(200);
      expect(res.json().data.result).toBe('stored');
      const [, future] = await uplinksOf(deveui);
      expect(future?.received_at).toBeGreaterThanOrEqual(before);
      expect(future?.received_at).toBeLessThanOrEqual(after);
      expect(future?.claimed_received_at).toBe(claimed);
      expect(t.app.ingest.counters.futureDated - futureBefore).toBe(1);
      // Its press and reading are kept at our receive time, not in 2099.
      const press = await t.db.selectFrom('button_presses').select('pressed_at').executeTakeFirstOrThrow();
      expect(press.pressed_at).toBe(future?.received_at);
      const newest = await t.db
        .selectFrom('sensor_readings')
        .select((eb) => eb.fn.max('measured_at').as('at'))
        .executeTakeFirstOrThrow();
      expect(Number(newest.at)).toBe(future?.received_at);
      // The device's summary still shows the last uplink the network server dated truthfully.
      expect(await sensorOf(deveui)).toMatchObject({ last_uplink_at: heard, battery: 64 });
      // And the next truthful uplink moves it on (a 2099 summary would have kept it there for good).
      const next = Date.now() - 1000;
      await send(build({ deveui, fCnt: 9, fPort: DOSEDOT_FPORT, payload: boxPayload(63), receivedAt: next }));
      expect(await sensorOf(deveui)).toMatchObject({ last_uplink_at: next, battery: 63 });
    },
  );

  it("keeps the network server's time a few minutes ahead (clock skew) and any time in the past (a broker's queue)", async () => {
    await clear(t.db);
    const deveui = 'A840410001A1B2C4';
    const skewed = Date.now() + 4 * 60_000;
    const queued = Date.now() - 3 * 86_400_000;
    await tts(
      ttsUplinkMessage({
        deveui,
        fCnt: 1,
        fPort: DOSEDOT_FPORT,
        payload: boxPayload(80, [30]),
        receivedAt: queued,
      }),
    );
    await chirpstack(
      'up',
      chirpstackUpEvent({
        deveui,
        fCnt: 2,
        fPort: DOSEDOT_FPORT,
        payload: boxPayload(79),
        receivedAt: skewed,
      }),
    );
    const stored = await uplinksOf(deveui);
    expect(stored.map((u) => [u.received_at, u.claimed_received_at])).toEqual([
      [queued, null],
      [skewed, null],
    ]);
    const press = await t.db.selectFrom('button_presses').select('pressed_at').executeTakeFirstOrThrow();
    expect(press.pressed_at).toBe(queued - 30_000);
    expect(await sensorOf(deveui)).toMatchObject({ last_uplink_at: skewed, battery: 79 });
  });

  it.each([
    [
      'TTS with a new as:up: correlation id',
      () => tts(ttsGnse),
      () => {
        const b = clone(ttsGnse);
        b.correlation_ids = b.correlation_ids.map((c) =>
          c.replace(/^as:up:.*/, 'as:up:01JNH9ZZZZZZZZZZZZZZZZZZZZ'),
        );
        return tts(b);
      },
    ],
    [
      'ChirpStack with a new deduplicationId',
      () => chirpstack('up', csGnse),
      () => chirpstack('up', { ...clone(csGnse), deduplicationId: '0b6c2a3e-1f4d-4c5b-8a9e-7d6f5e4c3b2a' }),
    ],
    [
      'a TTS envelope without correlation ids after the one with',
      () => tts(ttsGnse),
      () => tts({ ...clone(ttsGnse), correlation_ids: undefined }),
    ],
    [
      'a TTS envelope with correlation ids after the one without',
      () => tts({ ...clone(ttsGnse), correlation_ids: undefined }),
      () => tts(ttsGnse),
    ],
  ])('stores the same uplink once when it comes again as %s', async (_what, first, again) => {
    await clear(t.db);
    expect((await first()).json().data.result).toBe('stored');
    const duplicates = t.app.ingest.counters.duplicates;
    const res = await again();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toBe('duplicate');
    expect(t.app.ingest.counters.duplicates - duplicates).toBe(1);
    expect(await counts(t.db)).toEqual({ uplinks: 1, sensors: 1, readings: 1, presses: 1 });
    // Both at the same moment (one group commit): still once.
    await clear(t.db);
    const both = await Promise.all([first(), again()]);
    expect(both.map((r) => r.json().data.result).sort()).toEqual(['duplicate', 'stored']);
    expect(await counts(t.db)).toEqual({ uplinks: 1, sensors: 1, readings: 1, presses: 1 });
  });

  it.each([
    // Another id of the network server for a frame: a ULID for TTS, a UUID for ChirpStack.
    ['TTS', ttsUplinkMessage, (b: unknown) => tts(b), '01JNK0000000000000000RESND'],
    [
      'ChirpStack',
      chirpstackUpEvent,
      (b: unknown) => chirpstack('up', b),
      '9f1e2d3c-4b5a-4968-8776-655443322110',
    ],
  ] as const)(
    'stores a %s counter reset after a rejoin as new, with the same payload and counter',
    async (_server, build, send, otherId) => {
      await clear(t.db);
      const deveui = 'A840410001A1B2C5';
      const at = Date.now() - 600_000;
      const payload = boxPayload(70, [5]);
      const before = { deveui, fCnt: 0, fPort: DOSEDOT_FPORT, payload, devAddr: '260B1C2D', receivedAt: at };
      const rejoined = { ...before, devAddr: '260B9F01', receivedAt: at + 60_000 };
      expect((await send(build(before))).json().data.result).toBe('stored');
      expect((await send(build(rejoined))).json().data.result).toBe('stored');
      // The same frame of the new session again, under another id of the network server: a duplicate.
      const again = await send(build({ ...rejoined, id: otherId }));
      expect(again.json().data.result).toBe('duplicate');
      expect(await counts(t.db)).toEqual({ uplinks: 2, sensors: 1, readings: 2, presses: 2 });
    },
  );

  it("stores the scenario's rejoin as new when the envelopes carry no correlation ids", async () => {
    await clear(t.db);
    const results = [];
    for (const delivery of scenario.deliveries) {
      const body = { ...clone(delivery.body), correlation_ids: undefined };
      results.push((await tts(body)).json().data.result);
    }
    expect(results).toEqual(['stored', 'stored', 'duplicate', 'stored']);
    expect(await rows(t.db, 'uplinks')).toBe(scenario.expectations.distinct_uplinks);
  });

  it('does not roll the battery back with a ChirpStack status event older than the last uplink', async () => {
    await clear(t.db);
    const deveui = 'A840410001A1B2C6';
    const at = Date.now() - 600_000;
    await chirpstack(
      'up',
      chirpstackUpEvent({ deveui, fCnt: 3, fPort: DOSEDOT_FPORT, payload: boxPayload(64), receivedAt: at }),
    );
    const status = (time: number, batteryLevel: number) => ({
      time: new Date(time).toISOString(),
      deviceInfo: { devEui: deveui.toLowerCase(), deviceName: 'box' },
      batteryLevel,
      margin: 7,
    });
    const stale = t.app.ingest.counters.staleStatusEvents;
    const old = await chirpstack('status', status(at - 3_600_000, 20));
    expect(old.statusCode).toBe(200);
    expect(old.json().data.result).toBe('ignored');
    expect(t.app.ingest.counters.staleStatusEvents - stale).toBe(1);
    expect(await sensorOf(deveui)).toMatchObject({ battery: 64, last_uplink_at: at });
    // A newer one sets the battery, and says nothing about when the box was last heard.
    expect((await chirpstack('status', status(at + 60_000, 55.5))).json().data.result).toBe('stored');
    expect(await sensorOf(deveui)).toMatchObject({ battery: 55.5, last_uplink_at: at });
  });
});
