import { describe, expect, it, vi } from 'vitest';
import {
  count,
  ENGINES,
  makeAdmin,
  registerUser,
  runElsewhere,
  statusOnceSettled,
  useTestApp,
} from './context';

const medicine = { name: 'Amlodipine', start_date: '2026-11-01', dosage_times: ['09:00'] };

describe.each(ENGINES)('impersonation on %s', (engine) => {
  const t = useTestApp(engine);
  const setup = async () => {
    const admin = await registerUser(t.app, { username: 'Ivo Admin' });
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app, { username: 'Petra Patient' });
    const profile = (await t.app.inject({ url: '/api/profile/userdata', headers: patient.auth })).json();
    return { admin, patient, profile };
  };
  const start = (
    auth: Record<string, string>,
    profileuid: string,
    reason = 'Phone call: help with the schedule',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: auth,
      payload: { data: { profileuid, reason } },
    });

  /** POST /api/medicine/impersonateAssignMedicine: a medicine added for the patient by the admin. */
  const addFor = (
    auth: Record<string, string>,
    impUserId: number,
    data: Record<string, unknown> = medicine,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/medicine/impersonateAssignMedicine',
      headers: auth,
      payload: { data, impUserId },
    });

  it('answers 401 without a token, and 403 to a patient naming anyone but themself', async () => {
    const { patient, profile } = await setup();
    const other = await registerUser(t.app);
    const admin = [
      {
        method: 'POST',
        url: '/api/impersonation',
        payload: { data: { profileuid: profile.profileuid, reason: 'x' } },
      },
      { method: 'GET', url: '/api/impersonation/current' },
      { method: 'DELETE', url: '/api/impersonation/1' },
    ] as const;
    // The spec's /imp/ routes name a patient: another patient's data is refused to a patient.
    const named = [
      { method: 'GET', url: `/api/profile/imp/userdata/${profile.profileuid}` },
      { method: 'GET', url: `/api/medicine-schedules/imp/profile/${patient.user.id}` },
      { method: 'GET', url: `/api/medicine-schedule/imp/medicine/1/${patient.user.id}` },
      { method: 'GET', url: `/api/adherence/imp/${patient.user.id}` },
      {
        method: 'POST',
        url: '/api/medicine/impersonateAssignMedicine',
        payload: { data: medicine, impUserId: patient.user.id },
      },
    ] as const;
    for (const call of [...admin, ...named]) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: other.auth })).statusCode).toBe(403);
    }
    expect(await count(t.db, 'medicines')).toBe(0);
  });

  it('needs a reason to start, naming the field', async () => {
    const { admin, profile } = await setup();
    const res = await start(admin.auth, profile.profileuid, ' ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors[0].path).toEqual(['data', 'reason']);
  });

  it('refuses reads and writes without an open session for that patient', async () => {
    const { admin, patient, profile } = await setup();
    expect(
      (await t.app.inject({ url: `/api/profile/imp/userdata/${profile.profileuid}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
    const add = await addFor(admin.auth, patient.user.id);
    expect(add.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/medicines', headers: patient.auth })).json().data).toEqual([]);
  });

  it('acts for the patient inside a session, audits each step, and the patient sees who and why', async () => {
    const { admin, patient, profile } = await setup();
    const session = await start(admin.auth, profile.profileuid);
    expect(session.statusCode).toBe(200);
    expect(session.json().data).toMatchObject({
      profileuid: profile.profileuid,
      userid: patient.user.id,
      givenname: 'Petra',
    });
    const expires = Date.parse(session.json().data.expiresAt) - Date.parse(session.json().data.startedAt);
    expect(expires).toBe(30 * 60_000);

    const read = await t.app.inject({
      url: `/api/profile/imp/userdata/${profile.profileuid}`,
      headers: admin.auth,
    });
    expect(read.json()).toMatchObject({ profileuid: profile.profileuid, medicines: [] });
    const added = await addFor(admin.auth, patient.user.id);
    expect(added.statusCode).toBe(200);
    const schedule = await t.app.inject({
      url: `/api/medicine-schedules/imp/profile/${patient.user.id}`,
      headers: admin.auth,
    });
    expect(schedule.json().data.schedule.map((s: { dosage_time: string }) => s.dosage_time)).toEqual([
      '09:00:00.000',
    ]);
    const one = await t.app.inject({
      url: `/api/medicine-schedule/imp/medicine/${added.json().data.id}/${patient.user.id}`,
      headers: admin.auth,
    });
    expect(one.json().data.medicine.name).toBe('Amlodipine');

    // The patient has the medicine, and sees the accesses with the reason.
    expect((await t.app.inject({ url: '/api/medicines', headers: patient.auth })).json().data[0].name).toBe(
      'Amlodipine',
    );
    const log = (await t.app.inject({ url: '/api/profile/access-log', headers: patient.auth })).json().data;
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'impersonation.read_medicine',
      'impersonation.read_schedule',
      'impersonation.add_medicine',
      'impersonation.read_profile',
      'impersonation.start',
    ]);
    expect(log[0]).toMatchObject({
      admin: { givenname: 'Ivo', email: admin.user.email },
      reason: 'Phone call: help with the schedule',
    });

    // Stopping ends it: reads are refused again.
    const id = session.json().data.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/impersonation/${id}`, headers: admin.auth }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/impersonation/current', headers: admin.auth })).json()).toEqual({
      data: null,
    });
    expect(
      (await t.app.inject({ url: `/api/profile/imp/userdata/${profile.profileuid}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
  });

  it('ends by itself after 30 minutes', async () => {
    const { admin, profile } = await setup();
    const { id } = (await start(admin.auth, profile.profileuid)).json().data;
    await t.db
      .updateTable('impersonation_sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(
      (await t.app.inject({ url: `/api/profile/imp/userdata/${profile.profileuid}`, headers: admin.auth }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/impersonation/current', headers: admin.auth })).json()).toEqual({
      data: null,
    });
  });

  /** The status of the administrator's read of the patient's profile (through the `/imp/` path). */
  const readAsPatient = (auth: Record<string, string>, profileuid: string) => async () =>
    (await t.app.inject({ url: `/api/profile/imp/userdata/${profileuid}`, headers: auth })).statusCode;

  /*
   * The door reads an administrator's open sessions from the read cache (decision 0004) while no
   * session was written: a kept session still closes on the clock, and an end written by another
   * server copy (its own connection; on PostgreSQL its change notification) closes the door.
   */
  it('closes the door when a session read from memory expires, with nothing written', async () => {
    const { admin, profile } = await setup();
    const { expiresAt } = (await start(admin.auth, profile.profileuid)).json().data;
    const read = readAsPatient(admin.auth, profile.profileuid);
    expect(await read()).toBe(200);
    expect(await read()).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(expiresAt) });
    try {
      expect(await read()).toBe(403);
      expect((await t.app.inject({ url: '/api/impersonation/current', headers: admin.auth })).json()).toEqual(
        {
          data: null,
        },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the door when another server copy ends the session, though the door kept it', async () => {
    const { admin, profile } = await setup();
    const { id } = (await start(admin.auth, profile.profileuid)).json().data;
    const read = readAsPatient(admin.auth, profile.profileuid);
    expect(await read()).toBe(200);
    expect(await read()).toBe(200);
    await runElsewhere(
      t.config.database,
      `update impersonation_sessions set ended_at = ${Date.now()} where id = ${id}`,
    );
    expect(await statusOnceSettled(read, 403)).toBe(403);
  });

  it('keeps one session open when an administrator starts several at the same moment', async () => {
    const { admin, profile } = await setup();
    const other = await registerUser(t.app, { username: 'Otto Other' });
    const otherProfile = (await t.app.inject({ url: '/api/profile/userdata', headers: other.auth })).json();
    const answers = await Promise.all(
      [profile, otherProfile, profile, otherProfile].map((p) => start(admin.auth, p.profileuid)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const open = await t.db
      .selectFrom('impersonation_sessions')
      .select('id')
      .where('admin_user_id', '=', admin.user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('never impersonates another administrator, and answers 404 for an unknown patient', async () => {
    const { admin } = await setup();
    const other = await registerUser(t.app);
    await makeAdmin(t.db, other.user.id);
    const otherProfile = (await t.app.inject({ url: '/api/profile/userdata', headers: other.auth })).json();
    expect((await start(admin.auth, otherProfile.profileuid)).statusCode).toBe(400);
    expect((await start(admin.auth, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("reads the patient's adherence inside a session only, audited, and checks the range", async () => {
    const { admin, patient, profile } = await setup();
    const url = `/api/adherence/imp/${patient.user.id}?from=2026-11-01&to=2026-11-03`;
    expect((await t.app.inject({ url, headers: admin.auth })).statusCode).toBe(403);
    await start(admin.auth, profile.profileuid);
    await addFor(admin.auth, patient.user.id);
    const bad = await t.app.inject({
      url: `/api/adherence/imp/${patient.user.id}?from=2026-11-05&to=2026-11-03`,
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.errors[0].path).toEqual(['to']);
    const res = await t.app.inject({ url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-11-01', to: '2026-11-03' });
    // The patient's plan (one dose a day from 1 November), not the administrator's empty one.
    expect(data.days.map((d: { scheduled: number }) => d.scheduled)).toEqual([1, 1, 1]);
    const own = (
      await t.app.inject({ url: '/api/adherence?from=2026-11-01&to=2026-11-03', headers: admin.auth })
    ).json().data;
    expect(own.days.map((d: { scheduled: number }) => d.scheduled)).toEqual([0, 0, 0]);
    const log = (await t.app.inject({ url: '/api/profile/access-log', headers: patient.auth })).json().data;
    expect(log[0]).toMatchObject({
      action: 'impersonation.read_adherence',
      admin: { email: admin.user.email },
    });
  });

  it("reads the patient's storage alarm inside a session only, audited, and checks the range", async () => {
    const { admin, patient, profile } = await setup();
    const url = `/api/storage-alerts/imp/${patient.user.id}?from=2026-11-01&to=2026-11-03`;
    expect((await t.app.inject({ url, headers: admin.auth })).statusCode).toBe(403);
    await start(admin.auth, profile.profileuid);
    await t.app.inject({
      method: 'POST',
      url: '/api/medicine/impersonateAssignMedicine',
      headers: admin.auth,
      payload: {
        data: { ...medicine, storage_temp_min: 15, storage_temp_max: 25 },
        impUserId: patient.user.id,
      },
    });
    const bad = await t.app.inject({
      url: `/api/storage-alerts/imp/${patient.user.id}?from=2026-11-05&to=2026-11-03`,
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({ url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    // The patient's medicine with its range, not the administrator's (who has none).
    expect(res.json().data.medicines.map((m: { name: string }) => m.name)).toEqual(['Amlodipine']);
    const own = (
      await t.app.inject({ url: '/api/storage-alerts?from=2026-11-01&to=2026-11-03', headers: admin.auth })
    ).json();
    expect(own.data.medicines).toEqual([]);
    const log = (await t.app.inject({ url: '/api/profile/access-log', headers: patient.auth })).json().data;
    expect(log[0]).toMatchObject({
      action: 'impersonation.read_storage_alerts',
      admin: { email: admin.user.email },
    });
    // Another patient may not.
    const other = await registerUser(t.app);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(403);
  });

  it("pages the patient's access log in Strapi's syntax and refuses a bad page size", async () => {
    const { admin, patient, profile } = await setup();
    await start(admin.auth, profile.profileuid);
    for (let i = 0; i < 3; i++)
      await t.app.inject({ url: `/api/profile/imp/userdata/${profile.profileuid}`, headers: admin.auth });
    const page = (n: number, size: number) =>
      t.app.inject({
        url: `/api/profile/access-log?pagination[page]=${n}&pagination[pageSize]=${size}`,
        headers: patient.auth,
      });
    const first = (await page(1, 3)).json();
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 2, total: 4 });
    expect(first.data.map((e: { action: string }) => e.action)).toEqual([
      'impersonation.read_profile',
      'impersonation.read_profile',
      'impersonation.read_profile',
    ]);
    const second = (await page(2, 3)).json();
    expect(second.data.map((e: { action: string }) => e.action)).toEqual(['impersonation.start']);
    for (const size of [0, 101, 'x']) {
      const res = await page(1, size as number);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors[0].path).toEqual(['pagination[pageSize]']);
    }
    // The administrator's own log holds nothing of this: it lists accesses to their own data only.
    const adminLog = (await t.app.inject({ url: '/api/profile/access-log', headers: admin.auth })).json();
    expect(adminLog).toEqual({
      data: [],
      meta: { pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } },
    });
  });
});
