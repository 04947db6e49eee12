import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

const TOKEN = 'ingest-token-for-tests-0123456789';
type Auth = { authorization: string };

let boxes = 0;
/** A new DevEUI per call, so tests share no device. */
const newDeveui = () =>
  `D0D0${Date.now().toString(16).slice(-6)}${(boxes++).toString(16).padStart(6, '0')}`.toUpperCase();

/** One uplink of a box through the TTS webhook, received at `at`, with presses `offsets` seconds before. */
async function uplink(
  app: FastifyInstance,
  deveui: string,
  at: number,
  values: { offsets?: number[]; battery?: number; temperature?: number; humidity?: number } = {},
) {
  const payload = encodeDoseDot({
    battery: values.battery ?? 80,
    temperature: values.temperature ?? 21.5,
    humidity: values.humidity ?? 45,
    motion: 1,
    pressOffsets: values.offsets ?? [],
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/ingest/tts',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: ttsUplinkMessage({ deveui, fCnt: at % 100_000, fPort: DOSEDOT_FPORT, payload, receivedAt: at }),
  });
  expect(res.statusCode).toBe(200);
}

describe.each(ENGINES)('sensors: devices, assignment and history on %s', (engine) => {
  // The overload check (503) is not what this tests; a loaded machine must not trip it.
  const t = useTestApp(engine, {
    env: { INGEST_TOKEN: TOKEN },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth | object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  const admin = async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    return a.auth;
  };
  const patient = async (name = 'Paula Patient') => {
    const p = await registerUser(t.app, { username: name });
    const profile = (await t.app.inject({ url: '/api/profile/userdata', headers: p.auth })).json();
    return { ...p, profileId: profile.id as number, profileuid: profile.profileuid as string };
  };
  const assign = (auth: Auth, profileid: number, deveui: string) =>
    call('POST', '/api/sensor/assign', auth, { data: { profileid, deveui } });
  const unassign = (auth: Auth, data: object) => call('PUT', '/api/sensor/unassign', auth, { data });
  const presses = (auth: Auth, body: object) =>
    call('POST', '/api/sensor/button/getButtonPressHistory', auth, body);
  const climate = (auth: Auth, body: object) =>
    call('POST', '/api/sensor/history/getSensorTempAndHumiHistory', auth, body);

  it('answers 401 to every call without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/sensory-summaries'],
      ['POST', '/api/sensor/assign'],
      ['PUT', '/api/sensor/unassign'],
      ['POST', '/api/sensor/button/getButtonPressHistory'],
      ['POST', '/api/sensor/history/getSensorTempAndHumiHistory'],
    ] as const)
      expect((await call(method, url, {}, {})).statusCode).toBe(401);
  });

  it.each([
    [{ data: { profileid: 1 } }, 'data.deveui'],
    [{ data: { profileid: 1, deveui: 'A8404100' } }, 'data.deveui'],
    [{ data: { profileid: 'x', deveui: 'A84041000181C001' } }, 'data.profileid'],
    [{ data: { profileid: 1, deveui: 'A84041000181C001', color: 'red' } }, 'data.color'],
  ])('answers 400 to a bad assignment (%#), naming the field', async (body, field) => {
    const res = await call('POST', '/api/sensor/assign', await admin(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(field);
  });

  it('answers 400 to an unassignment that names nothing and to bad history ranges', async () => {
    const auth = await admin();
    expect((await unassign(auth, {})).statusCode).toBe(400);
    const p = await patient();
    const ask = { profileId: p.profileId, startDate: '2026-01-10', endDate: '2026-01-01' };
    const reversed = await presses(p.auth, ask);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('The start date is greater than the end date');
    expect((await presses(p.auth, { ...ask, endDate: '2026-02-30' })).statusCode).toBe(400);
    expect(
      (await presses(p.auth, { ...ask, endDate: '2026-01-20', timeOffset: 'Mars/Olympus' })).statusCode,
    ).toBe(400);
    expect(
      (await climate(p.auth, { ...ask, startDate: '2025-01-01', endDate: '2025-12-31' })).statusCode,
    ).toBe(400);
  });

  it('answers 403 to a patient on the admin calls and on another patient’s history', async () => {
    const p = await patient();
    const other = await patient('Otto Other');
    expect((await call('GET', '/api/sensory-summaries', p.auth)).statusCode).toBe(403);
    expect((await assign(p.auth, p.profileId, 'A84041000181C001')).statusCode).toBe(403);
    expect((await unassign(p.auth, { deveui: 'A84041000181C001' })).statusCode).toBe(403);
    const ask = { profileId: other.profileId, startDate: '2026-01-01', endDate: '2026-01-02' };
    expect((await presses(p.auth, ask)).statusCode).toBe(403);
    expect((await climate(p.auth, ask)).statusCode).toBe(403);
  });

  it('refuses to assign a sensor that does not exist (400), is held (409), or to a patient who has one (409)', async () => {
    const auth = await admin();
    const a = await patient('Anna');
    const b = await patient('Bert');
    const unknown = await assign(auth, a.profileId, newDeveui());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/^Sensor [0-9A-F]{16} does not exist$/);
    expect((await assign(auth, 987_654, newDeveui())).statusCode).toBe(400);

    const first = newDeveui();
    const second = newDeveui();
    await uplink(t.app, first, Date.now());
    await uplink(t.app, second, Date.now());
    expect((await assign(auth, a.profileId, first.toLowerCase())).statusCode).toBe(200);
    const held = await assign(auth, b.profileId, first);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toMatchObject({
      name: 'ConflictError',
      message: `Sensor ${first} is assigned to another patient: unassign it first`,
    });
    const hasOne = await assign(auth, a.profileId, second);
    expect(hasOne.statusCode).toBe(409);
    expect(hasOne.json().error.message).toBe(`The patient already has sensor ${first}: unassign it first`);
    // Assigning it again to its holder changes nothing.
    expect((await assign(auth, a.profileId, first)).statusCode).toBe(200);
    const open = await t.db
      .selectFrom('sensor_assignments')
      .selectAll()
      .where('profile_id', '=', a.profileId)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('assigns and unassigns: the profile shows the sensor, the history keeps the interval, both are audited', async () => {
    const auth = await admin();
    const p = await patient();
    const deveui = newDeveui();
    await uplink(t.app, deveui, Date.now());
    const res = await assign(auth, p.profileId, deveui);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      deveui,
      profileid: p.profileId,
      profileuid: p.profileuid,
      assignedTo: null,
    });
    const profile = (await t.app.inject({ url: '/api/profile/userdata', headers: p.auth })).json();
    expect(profile.sensor).toMatchObject({ deveui });
    expect(profile.is_linked).toBe(true);

    const off = await unassign(auth, { profileid: p.profileId });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ deveui, profileid: p.profileId, assignedTo: expect.any(String) });
    expect((await t.app.inject({ url: '/api/profile/userdata', headers: p.auth })).json().sensor).toBeNull();
    const again = await unassign(auth, { deveui });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`Sensor ${deveui} is not assigned to anyone`);

    const history = await t.db
      .selectFrom('sensor_assignments')
      .selectAll()
      .where('profile_id', '=', p.profileId)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]?.assigned_to).not.toBeNull();
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_id', '=', deveui)
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'sensor.assign', target_id: deveui },
      { action: 'sensor.unassign', target_id: deveui },
    ]);
  });

  it('unassigned then assigned to another patient: the first sees no new presses, the second none of the old', async () => {
    const auth = await admin();
    const first = await patient('First Holder');
    const second = await patient('Second Holder');
    const deveui = newDeveui();
    const t0 = Date.now();
    await uplink(t.app, deveui, t0 - 3_600_000, { offsets: [0] }); // before anyone held it
    expect((await assign(auth, first.profileId, deveui)).statusCode).toBe(200);
    await uplink(t.app, deveui, Date.now() + 1, { offsets: [0] });
    await new Promise((r) => setTimeout(r, 5));
    expect((await unassign(auth, { deveui })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect((await assign(auth, second.profileId, deveui)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await uplink(t.app, deveui, Date.now() + 1, { offsets: [0] });

    const today = new Date(t0).toISOString().slice(0, 10);
    const range = { startDate: '2026-01-01', endDate: '2099-12-31', timeOffset: 0 };
    const range1 = { ...range, startDate: today, endDate: today, timeOffset: 'UTC' };
    const mine = async (p: { auth: Auth; profileId: number }) =>
      (await presses(p.auth, { ...range1, profileId: p.profileId })).json().data.presses as {
        sensordatetime_utc: string;
      }[];
    const a = await mine(first);
    const b = await mine(second);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(Date.parse(b[0]?.sensordatetime_utc ?? '')).toBeGreaterThan(
      Date.parse(a[0]?.sensordatetime_utc ?? ''),
    );
    // The administrator reads a patient's presses only inside a session for them (the door), and
    // sees the same split; the range limit applies to everyone.
    expect((await presses(auth, { ...range1, profileId: second.profileId })).statusCode).toBe(403);
    const session = await call('POST', '/api/impersonation', auth, {
      data: { profileuid: second.profileuid, reason: 'Box swap check' },
    });
    expect(session.statusCode).toBe(200);
    const asAdmin = await presses(auth, { ...range1, profileId: second.profileId });
    expect(asAdmin.json().data.presses).toEqual(b);
    expect((await presses(auth, { ...range1, profileId: first.profileId })).statusCode).toBe(403);
    expect((await presses(auth, { ...range, profileId: second.profileId })).statusCode).toBe(400);
  });

  it('answers presses merged by the 1-minute rule, in the asked offset or zone', async () => {
    const auth = await admin();
    const p = await patient();
    const deveui = newDeveui();
    await uplink(t.app, deveui, Date.now());
    await assign(auth, p.profileId, deveui);
    // Back-date the assignment so last winter's presses were this patient's.
    await t.db
      .updateTable('sensor_assignments')
      .set({ assigned_from: Date.parse('2026-01-01T00:00:00Z') })
      .where('profile_id', '=', p.profileId)
      .execute();
    const at = Date.parse('2026-01-15T07:59:30Z');
    // 0 s, 40 s and 70 s after the first press, buffered in one uplink at 08:00:40Z; then 19:30Z.
    await uplink(t.app, deveui, at + 70_000, { offsets: [70, 30, 0] });
    await uplink(t.app, deveui, Date.parse('2026-01-15T19:30:00Z'), { offsets: [0] });
    const ask = { profileId: p.profileId, startDate: '2026-01-15', endDate: '2026-01-15' };

    const berlin = await presses(p.auth, ask);
    expect(berlin.statusCode).toBe(200);
    expect(berlin.json().data).toMatchObject({ profileId: p.profileId, timeOffset: 'Europe/Berlin' });
    expect(berlin.json().data.presses).toEqual([
      {
        sensordate: '2026-01-15',
        sensortime: '08:59:30',
        sensordatetime_utc: '2026-01-15T07:59:30.000Z',
        deveui,
      },
      {
        sensordate: '2026-01-15',
        sensortime: '09:00:40',
        sensordatetime_utc: '2026-01-15T08:00:40.000Z',
        deveui,
      },
      {
        sensordate: '2026-01-15',
        sensortime: '20:30:00',
        sensordatetime_utc: '2026-01-15T19:30:00.000Z',
        deveui,
      },
    ]);
    const js = await presses(p.auth, { ...ask, timeOffset: 300 }); // New York in winter, as getTimezoneOffset says
    expect(js.json().data.timeOffset).toBe('-05:00');
    expect(js.json().data.presses.map((x: { sensortime: string }) => x.sensortime)).toEqual([
      '02:59:30',
      '03:00:40',
      '14:30:00',
    ]);
    const india = await presses(p.auth, { ...ask, timeOffset: '+05:30' });
    expect(
      india
        .json()
        .data.presses.map(
          (x: { sensordate: string; sensortime: string }) => `${x.sensordate} ${x.sensortime}`,
        ),
    ).toEqual(['2026-01-15 13:29:30', '2026-01-15 13:30:40']);
    const ny = await presses(p.auth, { ...ask, timeOffset: 'America/New_York' });
    expect(ny.json().data).toMatchObject({
      timeOffset: 'America/New_York',
      from: '2026-01-15T05:00:00.000Z',
    });

    const readings = await climate(p.auth, { ...ask, timeOffset: 'UTC' });
    expect(readings.statusCode).toBe(200);
    expect(readings.json().data.readings).toEqual([
      {
        sensordate: '2026-01-15',
        sensortime: '08:00:40',
        sensordatetime_utc: '2026-01-15T08:00:40.000Z',
        deveui,
        temperature: 21.5,
        humidity: 45,
      },
      {
        sensordate: '2026-01-15',
        sensortime: '19:30:00',
        sensordatetime_utc: '2026-01-15T19:30:00.000Z',
        deveui,
        temperature: 21.5,
        humidity: 45,
      },
    ]);
  });

  it('lists every device in the Strapi shape with its holder and service hints', async () => {
    const auth = await admin();
    const p = await patient('Hanna Holder');
    const fresh = newDeveui();
    const low = newDeveui();
    const silent = newDeveui();
    await uplink(t.app, fresh, Date.now(), { battery: 90 });
    await uplink(t.app, low, Date.now(), { battery: 20 });
    await uplink(t.app, silent, Date.now() - 80 * 3_600_000, { battery: 90 });
    await assign(auth, p.profileId, fresh);
    const res = await call('GET', '/api/sensory-summaries?pagination[pageSize]=100', auth);
    expect(res.statusCode).toBe(200);
    const byDeveui = new Map(
      res.json().data.map((d: { attributes: { deveui: string } }) => [d.attributes.deveui, d] as const),
    );
    expect(byDeveui.get(fresh)).toMatchObject({
      id: expect.any(Number),
      attributes: {
        deveui: fresh,
        battery: 90,
        sensortime: expect.any(String),
        buttonmode: 'single',
        device_profile: 'dosedot-box',
        service: null,
        servicehint: null,
        profile: { id: p.profileId, profileuid: p.profileuid, givenname: 'Hanna', familyname: 'Holder' },
      },
    });
    expect(byDeveui.get(low)).toMatchObject({
      attributes: { service: 'soon', servicehint: 'need service soon', profile: null },
    });
    expect(byDeveui.get(silent)).toMatchObject({
      attributes: { service: 'now', servicehint: 'need service now' },
    });
    const meta = res.json().meta;
    expect(meta.total).toBe(res.json().data.length);
    expect(meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: meta.total });
    expect(meta.serviceNow).toBeGreaterThanOrEqual(1);
    expect(meta.unassigned).toBeGreaterThanOrEqual(2);
    expect(meta.ingest).toMatchObject({ uplinks: expect.any(Number), undecodable: 0, rejected: 0 });
    expect(meta.ingest.stored).toBeGreaterThanOrEqual(3);
  });

  it('pages, sorts and filters the device list in Strapi syntax; counts stay over every device', async () => {
    const auth = await admin();
    const prefix = `E0E0${Date.now().toString(16).slice(-8)}`.toUpperCase();
    const made = Array.from({ length: 5 }, (_, i) =>
      `${prefix}${i.toString(16).padStart(4, '0')}`.toUpperCase(),
    );
    for (const [i, d] of made.entries()) await uplink(t.app, d, Date.now(), { battery: 50 + i });
    const page = async (query: string) => {
      const res = await call('GET', `/api/sensory-summaries?${query}`, auth);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        data: { attributes: { deveui: string; battery: number } }[];
        meta: {
          total: number;
          pagination: { page: number; pageSize: number; pageCount: number; total: number };
        };
      };
    };
    const filter = `filters[deveui][$startsWith]=${prefix.toLowerCase()}`;
    const first = await page(`${filter}&sort[0]=battery:desc&pagination[page]=1&pagination[pageSize]=2`);
    expect(first.data.map((d) => d.attributes.deveui)).toEqual([made[4], made[3]]);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 3, total: 5 });
    expect(first.meta.total).toBeGreaterThanOrEqual(5);
    const last = await page(`${filter}&sort[0]=battery:desc&pagination[page]=3&pagination[pageSize]=2`);
    expect(last.data.map((d) => d.attributes.deveui)).toEqual([made[0]]);
    const all = await page('');
    expect(all.meta.pagination.pageSize).toBe(25);
    expect(all.data.length).toBe(Math.min(25, all.meta.total));
  });

  it.each([
    ['pagination[pageSize]=0', 'pagination[pageSize]'],
    ['pagination[pageSize]=101', 'pagination[pageSize]'],
    ['sort[0]=password', 'sort[0]'],
    ['filters[profile][$eq]=x', 'filters[profile][$eq]'],
    ['colour=red', 'colour'],
  ])('answers 400 to a bad device list query (%s), naming the key', async (query, key) => {
    const res = await call('GET', `/api/sensory-summaries?${query}`, await admin());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(key);
  });
});
