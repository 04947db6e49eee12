import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import type { SensorReadingsTable } from '../src/db/types';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

type Auth = { authorization: string };
const DAY = 86_400_000;

let boxes = 0;
const newDeveui = () =>
  `C4A7${Date.now().toString(16).slice(-6)}${(boxes++).toString(16).padStart(6, '0')}`.toUpperCase();

/** A box with 10-minute readings from `from` for `days` days, written straight into the database. */
async function boxWithReadings(db: Db, from: number, days: number, spikeAt?: number) {
  const deveui = newDeveui();
  const sensor = await db
    .insertInto('sensors')
    .values({ deveui, device_profile: 'dosedot-box', created_at: from })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows: Insertable<SensorReadingsTable>[] = [];
  for (let at = from, i = 0; at < from + days * DAY; at += 600_000, i++)
    rows.push({
      sensor_id: sensor.id,
      measured_at: at,
      temperature: at === spikeAt ? 39.9 : Math.round((21 + 2 * Math.sin(i / 72)) * 10) / 10,
      humidity: 45,
      battery: Math.max(0, 100 - i / 100),
      motion: i % 12 === 0 ? 2 : 0,
    });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sensor_readings')
      .values(rows.slice(i, i + 500))
      .execute();
  return { deveui, sensorId: sensor.id, count: rows.length };
}

describe.each(ENGINES)('the sensor chart on %s', (engine) => {
  // Writing thousands of readings from the test blocks the loop the overload check samples: off here.
  const t = useTestApp(engine, {
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const chart = (auth: Auth | object, data: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/medicine-history/chart',
      headers: auth as Record<string, string>,
      payload: { data },
    });
  const admin = async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    return a.auth;
  };
  const patientWith = async (sensorId: number, from: number, to: number | null) => {
    const p = await registerUser(t.app);
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sensor_assignments')
      .values({
        sensor_id: sensorId,
        profile_id: profile.id,
        assigned_from: from,
        assigned_to: to,
        assigned_by: null,
      })
      .execute();
    return p.auth;
  };

  it('answers 401 without a token', async () => {
    expect(
      (await chart({}, { deveui: 'A84041000181C001', startdate: '2026-01-01', enddate: '2026-01-02' }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    [{ deveui: 'nope', startdate: '2026-01-01', enddate: '2026-01-02' }, 'data.deveui'],
    [{ deveui: 'A84041000181C001', startdate: '01.01.2026', enddate: '2026-01-02' }, 'data.startdate'],
    [{ deveui: 'A84041000181C001', startdate: '2026-01-05', enddate: '2026-01-02' }, 'data.enddate'],
    [{ deveui: 'A84041000181C001', startdate: '2024-01-01', enddate: '2026-01-02' }, 'data.startdate'],
  ])('answers 400 to a bad range or DevEUI (%#), naming the field', async (data, field) => {
    const res = await chart(await admin(), data);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(field);
  });

  it('answers 404 to a patient asking about a box that is not, and never was, theirs', async () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const box = await boxWithReadings(t.db, from, 1);
    const stranger = await registerUser(t.app);
    const res = await chart(stranger.auth, {
      deveui: box.deveui,
      startdate: '2026-01-01',
      enddate: '2026-01-01',
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await chart(await admin(), { deveui: newDeveui(), startdate: '2026-01-01', enddate: '2026-01-01' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers every reading of a short range as parallel series on one time axis', async () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const box = await boxWithReadings(t.db, from, 2);
    const res = await chart(await admin(), {
      deveui: box.deveui.toLowerCase(),
      startdate: '2025-12-31',
      enddate: '2026-01-03',
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ readings: 288, points: 288, downsampled: false });
    expect(data.deveui).toBe(box.deveui);
    for (const series of ['temperature', 'humidity', 'battery', 'motion'])
      expect(data[series]).toHaveLength(288);
    expect(data.sensorTime[0]).toBe('2026-01-01T00:00:00.000Z');
    expect(data.humidity[0]).toBe(45);
  });

  it('reduces a long range to at most 1,000 points per series and keeps the peaks', async () => {
    const from = Date.parse('2025-06-01T00:00:00Z');
    const spike = from + 40 * DAY + 600_000 * 7;
    const box = await boxWithReadings(t.db, from, 90, spike);
    const res = await chart(await admin(), {
      deveui: box.deveui,
      startdate: '2025-06-01',
      enddate: '2025-08-30',
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.readings).toBe(box.count);
    expect(meta.downsampled).toBe(true);
    expect(meta.points).toBeLessThanOrEqual(1000);
    for (const series of ['sensorTime', 'temperature', 'humidity', 'battery', 'motion'])
      expect(data[series]).toHaveLength(meta.points);
    // The spike survives, at its bucket (500 buckets over the 90 days: about 4.3 hours each).
    expect(Math.max(...data.temperature)).toBe(39.9);
    const spikeShown = Date.parse(data.sensorTime[data.temperature.indexOf(39.9)]);
    expect(Math.abs(spikeShown - spike)).toBeLessThan((90 * DAY) / 499);
    expect(Math.min(...data.temperature)).toBe(19);
    expect(data.sensorTime).toEqual([...data.sensorTime].sort());
    expect(Math.max(...data.motion)).toBe(2);
  });

  it('shows a patient only the readings from while the box was theirs', async () => {
    const from = Date.parse('2026-02-01T00:00:00Z');
    const box = await boxWithReadings(t.db, from, 3);
    const before = await patientWith(box.sensorId, from, from + DAY);
    const after = await patientWith(box.sensorId, from + 2 * DAY, null);
    const ask = { deveui: box.deveui, startdate: '2026-01-30', enddate: '2026-02-05' };
    const first = (await chart(before, ask)).json();
    const second = (await chart(after, ask)).json();
    expect(first.meta.readings).toBe(144);
    expect(first.data.sensorTime.at(-1)).toBe('2026-02-01T23:50:00.000Z');
    expect(second.meta.readings).toBe(144);
    expect(second.data.sensorTime[0]).toBe('2026-02-03T00:00:00.000Z');
    // An administrator sees the box's telemetry from while nobody held it (the day between), and a
    // patient's stretch only inside a session for that patient.
    const adminAuth = await admin();
    expect((await chart(adminAuth, ask)).json().data.sensorTime[0]).toBe('2026-02-02T00:00:00.000Z');
    expect((await chart(adminAuth, ask)).json().meta.readings).toBe(144);
    const profileuid = (await t.app.inject({ url: '/api/profile/userdata', headers: before })).json()
      .profileuid;
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: adminAuth,
      payload: { data: { profileuid, reason: 'Check the fridge' } },
    });
    expect(session.statusCode).toBe(200);
    const userId = session.json().data.userid as number;
    const asPatient = await chart({ ...adminAuth, 'x-imp-user-id': String(userId) }, ask);
    expect(asPatient.json().meta.readings).toBe(288);
    expect(asPatient.json().data.sensorTime[0]).toBe('2026-02-01T00:00:00.000Z');
    expect(asPatient.json().data.sensorTime).not.toContain('2026-02-03T00:00:00.000Z');
  });
});
