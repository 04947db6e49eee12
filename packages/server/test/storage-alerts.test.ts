import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import { describe, expect, it } from 'vitest';
import { count, ENGINES, makeAdmin, registerUser, useTestApp } from './context';

const TOKEN = 'ingest-token-for-tests-0123456789';
type Auth = { authorization: string };
const MIN = 60_000;
/** A winter day, noon UTC: the same calendar day in the test profiles' zone. */
const DAY = Date.parse('2026-01-15T12:00:00Z');

let boxes = 0;
const newDeveui = () =>
  `5A5A${Date.now().toString(16).slice(-6)}${(boxes++).toString(16).padStart(6, '0')}`.toUpperCase();

const range = { name: 'Insulin', start_date: '2026-01-01', storage_temp_min: 15, storage_temp_max: 25 };

describe.each(ENGINES)('storage range and alarm on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { INGEST_TOKEN: TOKEN },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth | object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  const patient = async (name: string) => {
    const p = await registerUser(t.app, { username: name });
    const profile = (await call('GET', '/api/profile/userdata', p.auth)).json();
    return { ...p, profileId: profile.id as number };
  };
  const admin = async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    return a.auth;
  };
  const addMedicine = (auth: Auth, data: object) =>
    call('POST', '/api/medicine/assignMedicine', auth, { data });
  const alerts = (auth: Auth, query = 'from=2026-01-14&to=2026-01-16') =>
    call('GET', `/api/storage-alerts?${query}`, auth);
  /** A reading of the box through the TTS webhook at `at`. */
  const reading = async (deveui: string, at: number, temperature: number, humidity = 40) => {
    const payload = encodeDoseDot({ battery: 80, temperature, humidity, motion: 0, pressOffsets: [] });
    const res = await call(
      'POST',
      '/api/ingest/tts',
      { authorization: `Bearer ${TOKEN}` },
      ttsUplinkMessage({ deveui, fCnt: (at / MIN) % 60_000, fPort: DOSEDOT_FPORT, payload, receivedAt: at }),
    );
    expect(res.statusCode).toBe(200);
  };
  /** Gives the box to the patient over the API, then back-dates the assignment to `from` (and `to`). */
  const holds = async (auth: Auth, profileId: number, deveui: string, from: number) => {
    expect(
      (await call('POST', '/api/sensor/assign', auth, { data: { profileid: profileId, deveui } })).statusCode,
    ).toBe(200);
    await t.db
      .updateTable('sensor_assignments')
      .set({ assigned_from: from })
      .where('profile_id', '=', profileId)
      .where('assigned_to', 'is', null)
      .execute();
  };

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/storage-alerts', {})).statusCode).toBe(401);
  });

  it.each([
    ['from=2026-01-16&to=2026-01-14', 'to'],
    ['from=2026-02-30', 'from'],
    ['from=2025-01-01&to=2025-12-31', 'from'],
    ['colour=red', 'colour'],
  ])('answers 400 to a bad range (%s), naming the field', async (query, field) => {
    const p = await patient('Rita Range');
    const res = await alerts(p.auth, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(field);
  });

  it.each([
    [{ storage_temp_min: 25, storage_temp_max: 15 }, 'data.storage_temp_max'],
    [{ storage_temp_min: 20, storage_temp_max: 20 }, 'data.storage_temp_max'],
    [{ storage_temp_min: -90 }, 'data.storage_temp_min'],
    [{ storage_temp_max: 80 }, 'data.storage_temp_max'],
    [{ storage_humidity_max: 150 }, 'data.storage_humidity_max'],
    [{ storage_humidity_max: 'dry' }, 'data.storage_humidity_max'],
  ])(
    'refuses a bad storage range on a new medicine (%#) naming the field, writing nothing',
    async (bad, field) => {
      const p = await patient('Bea Bad');
      const before = await count(t.db, 'medicines');
      const res = await addMedicine(p.auth, { name: 'Insulin', start_date: '2026-01-01', ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
      expect(await count(t.db, 'medicines')).toBe(before);
    },
  );

  it('keeps a storage range, changes one limit alone, and refuses a change that crosses the other limit', async () => {
    const p = await patient('Eva Edit');
    const added = await addMedicine(p.auth, { ...range, storage_humidity_max: 60 });
    expect(added.statusCode).toBe(200);
    const m = added.json().data;
    expect(m).toMatchObject({ storage_temp_min: 15, storage_temp_max: 25, storage_humidity_max: 60 });
    const edit = (data: object) =>
      call('POST', '/api/medicine/editMedicineRecord', p.auth, { data: { id: m.id, ...data } });
    const crossed = await edit({ storage_temp_min: 30 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.details.errors[0].path).toEqual(['data', 'storage_temp_min']);
    const changed = await edit({ storage_temp_max: 8, storage_temp_min: 2 });
    expect(changed.json().data).toMatchObject({
      storage_temp_min: 2,
      storage_temp_max: 8,
      storage_humidity_max: 60,
    });
    const cleared = await edit({ storage_humidity_max: null });
    expect(cleared.json().data.storage_humidity_max).toBeNull();
    const plain = await addMedicine(p.auth, { name: 'Aspirin', start_date: '2026-01-01' });
    expect(plain.json().data).toMatchObject({
      storage_temp_min: null,
      storage_temp_max: null,
      storage_humidity_max: null,
    });
  });

  it('lists the time out of range per medicine, only from the patient’s own box while it was theirs', async () => {
    const auth = await admin();
    const anna = await patient('Anna Alarm');
    const otto = await patient('Otto Other');
    const deveui = newDeveui();
    // Before Anna held the box it read 20 °C; from 10:00 UTC it is hers: 20 °C, then 28 to 29 °C for
    // 30 minutes, then 22 °C again.
    await reading(deveui, DAY - 6 * 60 * MIN, 20);
    await holds(auth, anna.profileId, deveui, DAY - 2 * 60 * MIN);
    await reading(deveui, DAY - 60 * MIN, 20);
    await reading(deveui, DAY - 45 * MIN, 28, 70);
    await reading(deveui, DAY - 30 * MIN, 29, 65);
    await reading(deveui, DAY - 15 * MIN, 22);
    // At noon the box goes to Otto, where it reads 35 °C.
    expect((await call('PUT', '/api/sensor/unassign', auth, { data: { deveui } })).statusCode).toBe(200);
    await t.db
      .updateTable('sensor_assignments')
      .set({ assigned_to: DAY })
      .where('profile_id', '=', anna.profileId)
      .execute();
    await holds(auth, otto.profileId, deveui, DAY);
    await reading(deveui, DAY + 15 * MIN, 35);
    await reading(deveui, DAY + 30 * MIN, 21);

    expect((await addMedicine(anna.auth, range)).statusCode).toBe(200);
    expect((await addMedicine(anna.auth, { name: 'Aspirin', start_date: '2026-01-01' })).statusCode).toBe(
      200,
    );
    const res = await alerts(anna.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.medicines).toHaveLength(1);
    expect(body.data.medicines[0]).toMatchObject({
      name: 'Insulin',
      storage_temp_min: 15,
      storage_temp_max: 25,
      storage_humidity_max: null,
      minutesOut: 30,
      intervals: [
        {
          start: new Date(DAY - 45 * MIN).toISOString(),
          end: new Date(DAY - 15 * MIN).toISOString(),
          minutes: 30,
          reasons: ['too_warm'],
          lowest: 28,
          highest: 29,
          deveui,
        },
      ],
    });
    expect(body.meta.readings).toBe(4);

    // Otto has the same range: he sees his own 35 °C after noon, none of Anna's morning.
    expect((await addMedicine(otto.auth, { ...range, storage_humidity_max: 60 })).statusCode).toBe(200);
    const his = (await alerts(otto.auth)).json().data.medicines[0];
    expect(his.intervals.map((i: { start: string }) => i.start)).toEqual([
      new Date(DAY + 15 * MIN).toISOString(),
    ]);
    expect(his.minutesOut).toBe(15);
  });

  it('answers an empty list without storage ranges and no stretches without a box', async () => {
    const p = await patient('Nina Nobox');
    expect((await alerts(p.auth)).json().data.medicines).toEqual([]);
    await addMedicine(p.auth, range);
    const res = (await alerts(p.auth, '')).json();
    expect(res.data.medicines).toHaveLength(1);
    expect(res.data.medicines[0]).toMatchObject({ minutesOut: 0, intervals: [] });
    expect(res.meta.readings).toBe(0);
    expect(res.data.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
