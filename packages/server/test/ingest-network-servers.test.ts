import {
  chirpstackUpEvent,
  DOSEDOT_FPORT,
  encodeDoseDot,
  heliumUplink,
  loriotUplink,
  thingparkUplink,
  ttsUplinkMessage,
  type UplinkSpec,
} from '@dosedot/domain/lorawan';
import { describe, expect, it } from 'vitest';
import heliumDocs from '../../domain/src/lorawan/fixtures/helium/uplink-docs-example.json';
import heliumBox from '../../domain/src/lorawan/fixtures/helium/uplink-dosedot-box.json';
import loriotDocs from '../../domain/src/lorawan/fixtures/loriot/uplink-docs-example.json';
import loriotBox from '../../domain/src/lorawan/fixtures/loriot/uplink-dosedot-box.json';
import thingparkDocs from '../../domain/src/lorawan/fixtures/thingpark/uplink-docs-example.json';
import thingparkBox from '../../domain/src/lorawan/fixtures/thingpark/uplink-dosedot-box.json';
import type { Db } from '../src/db';
import { ENGINES, useTestApp } from './context';

// Fixtures: the vendors' documented examples (packages/domain/src/lorawan/fixtures/SOURCES.md).

const TOKEN = 'ingest-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

type Server = 'tts' | 'chirpstack' | 'thingpark' | 'loriot' | 'helium';
const BUILDERS: Record<Server, (s: UplinkSpec) => Record<string, unknown>> = {
  tts: ttsUplinkMessage,
  chirpstack: chirpstackUpEvent,
  thingpark: thingparkUplink,
  loriot: loriotUplink,
  helium: heliumUplink,
};
const SERVERS = Object.keys(BUILDERS) as Server[];

async function clear(db: Db) {
  for (const table of ['button_presses', 'sensor_readings', 'uplinks'] as const)
    await db.deleteFrom(table).execute();
  await db.deleteFrom('sensors').execute();
}

async function counts(db: Db) {
  const n = async (table: 'uplinks' | 'sensors' | 'sensor_readings' | 'button_presses') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    uplinks: await n('uplinks'),
    sensors: await n('sensors'),
    readings: await n('sensor_readings'),
    presses: await n('button_presses'),
  };
}

/**
 * What ingestion stored, without what names the transport (source, identity, the envelope as
 * received, ids): the rows every network server must agree on for the same uplink.
 */
async function stored(db: Db) {
  const uplinks = await db
    .selectFrom('uplinks')
    .select([
      'deveui',
      'received_at',
      'claimed_received_at',
      'f_port',
      'f_cnt',
      'payload',
      'decode_status',
      'decode_error',
    ])
    .orderBy('received_at')
    .execute();
  const sensors = await db
    .selectFrom('sensors')
    .select(['deveui', 'device_profile', 'battery', 'buttonmode', 'last_uplink_at'])
    .orderBy('deveui')
    .execute();
  const readings = await db
    .selectFrom('sensor_readings')
    .innerJoin('sensors', 'sensors.id', 'sensor_readings.sensor_id')
    .select([
      'sensors.deveui',
      'sensor_readings.measured_at',
      'sensor_readings.temperature',
      'sensor_readings.humidity',
      'sensor_readings.battery',
      'sensor_readings.motion',
    ])
    .orderBy('sensor_readings.measured_at')
    .execute();
  const presses = await db
    .selectFrom('button_presses')
    .innerJoin('sensors', 'sensors.id', 'button_presses.sensor_id')
    .select(['sensors.deveui', 'button_presses.pressed_at'])
    .orderBy('button_presses.pressed_at')
    .execute();
  return { uplinks, sensors, readings, presses };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe.each(ENGINES)('ThingPark, Loriot and Helium webhooks on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { INGEST_TOKEN: TOKEN },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const send = (server: Server, body: unknown, headers: Record<string, string> = auth) =>
    t.app.inject({
      method: 'POST',
      url: server === 'chirpstack' ? '/api/ingest/chirpstack?event=up' : `/api/ingest/${server}`,
      headers,
      payload: body as object,
    });

  it('answers 401 to a missing or wrong token and stores nothing', async () => {
    await clear(t.db);
    for (const [server, fixture] of [
      ['thingpark', thingparkBox],
      ['loriot', loriotBox],
      ['helium', heliumBox],
    ] as const)
      for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }] as Record<
        string,
        string
      >[]) {
        const res = await send(server, fixture.message, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.name).toBe('UnauthorizedError');
      }
    expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
  });

  it('stores the ThingPark documentation example: hex payload as base64, the zone offset read, its device name', async () => {
    await clear(t.db);
    const res = await send('thingpark', thingparkDocs.message);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ result: 'stored', identity: '0018B20000000B20/04d2848e/1174' });
    const uplink = await t.db.selectFrom('uplinks').selectAll().executeTakeFirstOrThrow();
    expect(uplink).toMatchObject({
      deveui: '0018B20000000B20',
      source: 'thingpark:webhook',
      received_at: Date.parse('2018-10-03T13:38:46.882Z'),
      claimed_received_at: null,
      f_port: 1,
      f_cnt: 1174,
      payload: Buffer.from('9e1c4852512000220020e3831071', 'hex').toString('base64'),
    });
    // The document is kept as the network server sent it.
    expect(JSON.parse(uplink.envelope)).toEqual(thingparkDocs.message);
    const sensor = await t.db.selectFrom('sensors').selectAll().executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({ deveui: '0018B20000000B20', name: 'My Demo Device' });
  });

  it('stores the Loriot documentation example, and its radio-verbosity copy (cmd gw) once', async () => {
    await clear(t.db);
    const res = await send('loriot', loriotDocs.message);
    expect(res.json().data).toMatchObject({
      result: 'stored',
      identity: '0102030405060708/t1470850675433/1',
    });
    const gw = { ...clone(loriotDocs.message), cmd: 'gw', freq: 868500000, dr: 'SF12 BW125 4/5', gws: [] };
    expect((await send('loriot', gw)).json().data.result).toBe('duplicate');
    const uplink = await t.db.selectFrom('uplinks').selectAll().executeTakeFirstOrThrow();
    expect(uplink).toMatchObject({
      deveui: '0102030405060708',
      source: 'loriot:webhook',
      received_at: 1470850675433,
      f_port: 1,
      f_cnt: 1,
      payload: 'AQKquw==',
    });
    expect(await counts(t.db)).toMatchObject({ uplinks: 1, sensors: 1 });
  });

  it('stores the Helium documentation example with our receive time, since its 14-digit time lies in 2472', async () => {
    await clear(t.db);
    const before = Date.now();
    const res = await send('helium', heliumDocs.message);
    const after = Date.now();
    expect(res.json().data).toMatchObject({ result: 'stored', identity: '1C29FBD1D2084E21/b5a44869/19' });
    const uplink = await t.db.selectFrom('uplinks').selectAll().executeTakeFirstOrThrow();
    expect(uplink).toMatchObject({
      deveui: '1C29FBD1D2084E21',
      source: 'helium:webhook',
      claimed_received_at: 15868685461234,
      f_port: 1,
      f_cnt: 19,
      payload: 'SGVsbG8sIHdvcmxkIQ==',
    });
    expect(uplink.received_at).toBeGreaterThanOrEqual(before);
    expect(uplink.received_at).toBeLessThanOrEqual(after);
    const sensor = await t.db.selectFrom('sensors').selectAll().executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({ name: 'Test Me', last_uplink_at: null });
  });

  it.each([
    ['thingpark', thingparkBox],
    ['loriot', loriotBox],
    ['helium', heliumBox],
  ] as const)(
    'stores the DoseDot copy of the %s example exactly as TTS and ChirpStack store the same uplink',
    async (server, fixture) => {
      await clear(t.db);
      expect((await send(server, fixture.message)).json().data).toMatchObject({
        result: 'stored',
        decode: 'decoded',
      });
      const got = await stored(t.db);
      const [uplink] = got.uplinks;
      if (!uplink) throw new Error('nothing stored');
      expect(got.readings).toEqual([
        expect.objectContaining({ temperature: 21.5, humidity: 45, battery: 64, motion: 2 }),
      ]);
      expect(got.presses.map((p) => p.pressed_at)).toEqual([uplink.received_at - 30_000]);
      // The same device, counter, port, payload and time, as TTS and ChirpStack send it.
      const spec: UplinkSpec = {
        deveui: uplink.deveui,
        fCnt: uplink.f_cnt ?? -1,
        fPort: DOSEDOT_FPORT,
        payload: Buffer.from(uplink.payload ?? '', 'base64'),
        receivedAt: uplink.received_at,
      };
      for (const other of ['tts', 'chirpstack'] as const) {
        await clear(t.db);
        expect((await send(other, BUILDERS[other](spec))).json().data.result).toBe('stored');
        expect(await stored(t.db)).toEqual(got);
      }
    },
  );

  it('stores one uplink through each of the five network servers as identical rows', async () => {
    const spec: UplinkSpec = {
      deveui: 'A840410001C0FFEE',
      fCnt: 77,
      fPort: DOSEDOT_FPORT,
      payload: encodeDoseDot({
        battery: 58,
        temperature: 23.4,
        humidity: 38,
        motion: 5,
        buttonMode: 'double',
        pressOffsets: [600, 0],
      }),
      receivedAt: Date.now() - 3_600_000,
      devAddr: '260B1C2D',
      gateways: 2,
    };
    const results: Awaited<ReturnType<typeof stored>>[] = [];
    for (const server of SERVERS) {
      await clear(t.db);
      const res = await send(server, BUILDERS[server](spec));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ result: 'stored', decode: 'decoded' });
      results.push(await stored(t.db));
    }
    const [first, ...rest] = results;
    expect(first?.presses).toHaveLength(2);
    expect(first?.sensors).toEqual([
      {
        deveui: spec.deveui,
        device_profile: 'dosedot-box',
        battery: 58,
        buttonmode: 'double',
        last_uplink_at: spec.receivedAt,
      },
    ]);
    for (const r of rest) expect(r).toEqual(first);
  });

  it('acknowledges a re-delivery to each server as a duplicate, and the same frame from ChirpStack, ThingPark and Helium once', async () => {
    const spec: UplinkSpec = {
      deveui: 'A840410001C0FFEF',
      fCnt: 12,
      fPort: DOSEDOT_FPORT,
      payload: encodeDoseDot({ battery: 70, temperature: 20, humidity: 50, motion: 1, pressOffsets: [0] }),
      receivedAt: Date.now() - 600_000,
      devAddr: '260B1C2E',
    };
    for (const server of ['thingpark', 'loriot', 'helium'] as const) {
      await clear(t.db);
      expect((await send(server, BUILDERS[server](spec))).json().data.result).toBe('stored');
      expect((await send(server, BUILDERS[server](spec))).json().data.result).toBe('duplicate');
      expect(await counts(t.db)).toEqual({ uplinks: 1, sensors: 1, readings: 1, presses: 1 });
    }
    // A frame that reached two network servers (roaming): ChirpStack names it by its deduplicationId,
    // the others by DevEUI, DevAddr and counter; the frame's key (DevAddr as the session) is shared.
    await clear(t.db);
    const results = [];
    for (const server of ['chirpstack', 'thingpark', 'helium'] as const)
      results.push((await send(server, BUILDERS[server](spec))).json().data.result);
    expect(results).toEqual(['stored', 'duplicate', 'duplicate']);
    // At the same moment too (one group commit).
    await clear(t.db);
    const together = await Promise.all(
      (['chirpstack', 'thingpark', 'helium'] as const).map((s) => send(s, BUILDERS[s](spec))),
    );
    expect(together.map((r) => r.json().data.result).sort()).toEqual(['duplicate', 'duplicate', 'stored']);
    expect(await counts(t.db)).toEqual({ uplinks: 1, sensors: 1, readings: 1, presses: 1 });
  });

  const thingparkWith = (fields: Record<string, unknown>) => ({
    DevEUI_uplink: { ...clone(thingparkBox.message.DevEUI_uplink), ...fields },
  });
  it.each([
    ['thingpark', 'DevEUI_uplink.DevEUI', thingparkWith({ DevEUI: '0018B2' })],
    ['thingpark', 'DevEUI_uplink.payload_hex', thingparkWith({ payload_hex: 'zz' })],
    ['thingpark', 'DevEUI_uplink.FCntUp', thingparkWith({ FCntUp: 'many' })],
    ['thingpark', 'DevEUI_uplink', { uplink: {} }],
    ['loriot', 'EUI', { ...clone(loriotBox.message), EUI: undefined }],
    ['loriot', 'data', { ...clone(loriotBox.message), data: 'ABC' }],
    ['loriot', 'ts', { ...clone(loriotBox.message), ts: '2016-08-10T17:37:55Z' }],
    ['loriot', 'cmd', { EUI: '0102030405060708' }],
    ['helium', 'dev_eui', { ...clone(heliumBox.message), dev_eui: 'not-a-dev-eui!!' }],
    ['helium', 'payload', { ...clone(heliumBox.message), payload: '%%%' }],
    ['helium', 'port', { ...clone(heliumBox.message), port: 256 }],
  ] as const)(
    '%s: answers 400 to a bad %s naming that field, and stores nothing',
    async (server, field, body) => {
      await clear(t.db);
      const rejected = t.app.ingest.counters.rejected;
      const res = await send(server, body);
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(error.message).toContain(field);
      expect(error.details.errors).toEqual([expect.objectContaining({ path: field.split('.') })]);
      expect(t.app.ingest.counters.rejected - rejected).toBe(1);
      expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
    },
  );

  it('answers 400 to a body that is not JSON, 415 to XML, and accepts the servers’ other messages without storing them', async () => {
    await clear(t.db);
    for (const server of ['thingpark', 'loriot', 'helium'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ingest/${server}`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"DevEUI_uplink":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Malformed JSON in request body');
    }
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/thingpark',
      headers: { ...auth, 'content-type': 'application/xml' },
      payload: '<DevEUI_uplink><DevEUI>0018B20000000B20</DevEUI></DevEUI_uplink>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.message).toContain('content type to JSON');
    for (const [server, body] of [
      ['thingpark', { DevEUI_downlink_Sent: { DevEUI: '0018B20000000B20' } }],
      ['loriot', { cmd: 'txd', EUI: '0102030405060708', seqdn: 3 }],
      ['helium', { type: 'join', dev_eui: '1C29FBD1D2084E21' }],
    ] as const) {
      const res = await send(server, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ result: 'ignored', identity: null, decode: null });
    }
    expect(await counts(t.db)).toEqual({ uplinks: 0, sensors: 0, readings: 0, presses: 0 });
  });
});
