import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { count, ENGINES, makeAdmin, registerUser, uniqueEmail, useTestApp } from './context';

type Auth = Record<string, string>;

const HEALTH_EMAIL = uniqueEmail('door.health');
const medicine = { name: 'Ramipril', start_date: '2026-11-01', dosage_times: ['08:00'] };

/**
 * The one door to a patient's data (plugins/subject.ts, docs/security.md): the findings of the
 * second attack, the X-Imp-User-Id header, writes audited in their own transaction, one session at
 * a time, health data, and the administrators' second factor.
 */
describe.each(ENGINES)('the door to a patient’s data on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL } });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const profileOf = async (auth: Auth) => (await call('GET', '/api/profile/userdata', auth)).json();
  const setup = async (patientOverrides: { email?: string } = {}) => {
    const admin = await registerUser(t.app, { username: 'Dora Door' });
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app, { username: 'Pia Patient', ...patientOverrides });
    const profile = await profileOf(patient.auth);
    return { admin, patient, profile };
  };
  const open = (auth: Auth, profileuid: string, reason = 'Phone call: dosage times') =>
    call('POST', '/api/impersonation', auth, { data: { profileuid, reason } });
  const as = (auth: Auth, userId: number): Auth => ({ ...auth, 'x-imp-user-id': String(userId) });
  const accessLog = async (auth: Auth) =>
    (await call('GET', '/api/profile/access-log?pagination[pageSize]=100', auth)).json().data as {
      action: string;
      reason: string | null;
      touched: Record<string, string | null>;
    }[];

  /** A box of the patient's with one press and one reading, written as ingestion would. */
  const boxFor = async (profileId: number) => {
    const now = Date.now();
    const deveui = `D00D${now.toString(16).slice(-8)}${Math.floor(Math.random() * 0xffff)
      .toString(16)
      .padStart(4, '0')}`.toUpperCase();
    const sensor = await t.db
      .insertInto('sensors')
      .values({ deveui, device_profile: 'dosedot-box', created_at: now - 86_400_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sensor_assignments')
      .values({
        sensor_id: sensor.id,
        profile_id: profileId,
        assigned_from: now - 86_400_000,
        assigned_to: null,
        assigned_by: null,
      })
      .execute();
    await t.db.updateTable('profiles').set({ sensor_id: sensor.id }).where('id', '=', profileId).execute();
    await t.db
      .insertInto('sensor_readings')
      .values({ sensor_id: sensor.id, measured_at: now - 3_600_000, temperature: 21.5, humidity: 40 })
      .execute();
    return deveui;
  };

  it('refuses an administrator without a session the patient’s presses, climate and chart, and logs nothing', async () => {
    const { admin, profile } = await setup();
    const deveui = await boxFor(profile.id);
    const today = new Date().toISOString().slice(0, 10);
    const range = { profileId: profile.id, startDate: '2026-01-01', endDate: today };
    const before = await count(t.db, 'audit_log');
    const attacks = [
      await call('POST', '/api/sensor/button/getButtonPressHistory', admin.auth, range),
      await call('POST', '/api/sensor/history/getSensorTempAndHumiHistory', admin.auth, range),
    ];
    for (const res of attacks) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        data: null,
        error: expect.objectContaining({ status: 403, name: 'ForbiddenError' }),
      });
    }
    // The chart of the patient's box: nothing of the stretch while it was theirs.
    const chart = await call('POST', '/api/medicine-history/chart', admin.auth, {
      data: { deveui, startdate: '2026-01-01', enddate: today },
    });
    expect(chart.statusCode).toBe(200);
    expect(chart.json().meta.readings).toBe(0);
    expect(await count(t.db, 'audit_log')).toBe(before);
  });

  it('lets the administrator through inside a session, and the patient reads what was touched', async () => {
    const { admin, patient, profile } = await setup();
    const deveui = await boxFor(profile.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await open(admin.auth, profile.profileuid)).statusCode).toBe(200);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const range = { profileId: profile.id, startDate: weekAgo, endDate: today };
    const climate = await call('POST', '/api/sensor/history/getSensorTempAndHumiHistory', admin.auth, range);
    expect(climate.statusCode).toBe(200);
    expect(climate.json().data.readings.map((r: { temperature: number }) => r.temperature)).toEqual([21.5]);
    const presses = await call('POST', '/api/sensor/button/getButtonPressHistory', admin.auth, range);
    expect(presses.statusCode).toBe(200);
    const chart = await call('POST', '/api/medicine-history/chart', as(admin.auth, patient.user.id), {
      data: { deveui, startdate: today, enddate: today },
    });
    expect(chart.json().meta.readings).toBe(1);

    const log = await accessLog(patient.auth);
    expect(log.slice(0, 3).map((e) => e.action)).toEqual([
      'impersonation.read_chart',
      'impersonation.read_presses',
      'impersonation.read_climate',
    ]);
    expect(log[0]?.touched).toEqual({ medicine: null, from: today, to: today, deveui, section: null });
    expect(log[1]?.touched).toMatchObject({ from: weekAgo, to: today });
    expect(log[0]?.reason).toBe('Phone call: dosage times');
  });

  it('takes the patient from the X-Imp-User-Id header on every route behind the door, and names a bad one', async () => {
    const { admin, patient, profile } = await setup();
    const other = await registerUser(t.app);
    // Without a session: 403, and nothing read.
    expect((await call('GET', '/api/medicines', as(admin.auth, patient.user.id))).statusCode).toBe(403);
    await open(admin.auth, profile.profileuid);
    const added = await call('POST', '/api/medicine/assignMedicine', as(admin.auth, patient.user.id), {
      data: medicine,
    });
    expect(added.statusCode).toBe(200);
    // The patient's medicine, not the administrator's.
    expect(
      (await call('GET', '/api/medicines', patient.auth)).json().data.map((m: { name: string }) => m.name),
    ).toEqual(['Ramipril']);
    expect((await call('GET', '/api/medicines', admin.auth)).json().data).toEqual([]);
    const profileRead = await call('GET', '/api/profile/userdata', as(admin.auth, patient.user.id));
    expect(profileRead.json().profileuid).toBe(profile.profileuid);
    // Another patient, even with a session open for this one: 403.
    expect((await call('GET', '/api/medicines', as(admin.auth, other.user.id))).statusCode).toBe(403);
    // A patient naming themself goes through; naming another does not.
    expect((await call('GET', '/api/medicines', as(patient.auth, patient.user.id))).statusCode).toBe(200);
    expect((await call('GET', '/api/medicines', as(patient.auth, other.user.id))).statusCode).toBe(403);
    // Two different patients in one request: refused.
    const twice = await call(
      'POST',
      '/api/sensor/button/getButtonPressHistory',
      as(admin.auth, patient.user.id),
      { profileId: (await profileOf(other.auth)).id, startDate: '2026-11-01', endDate: '2026-11-02' },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details.errors[0].path).toEqual(['profileId']);
    for (const bad of ['x', '0', '-1', '1e3', '99999999999999999999']) {
      const res = await call('GET', '/api/medicines', as(admin.auth, bad as unknown as number));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors[0].path).toEqual(['x-imp-user-id']);
    }
  });

  it('writes the access log entry of every write inside the write’s transaction', async () => {
    const { admin, patient, profile } = await setup();
    await open(admin.auth, profile.profileuid);
    const imp = as(admin.auth, patient.user.id);
    const added = (await call('POST', '/api/medicine/assignMedicine', imp, { data: medicine })).json().data;
    const edited = await call('POST', '/api/medicine/editMedicineRecord', imp, {
      data: { id: added.id, strength: '5 mg' },
    });
    expect(edited.statusCode).toBe(200);
    const schedule = await call('POST', '/api/medicine-schedules', imp, {
      data: { medicine: added.id, dosage_time: '20:00:00.000' },
    });
    expect(schedule.statusCode).toBe(200);
    expect((await call('DELETE', `/api/medicine-schedules/${schedule.json().data.id}`, imp)).statusCode).toBe(
      200,
    );
    // A refused write is not in the log.
    const entries = await count(t.db, 'audit_log');
    expect((await call('DELETE', '/api/medicines/999999', imp)).statusCode).toBe(404);
    expect(await count(t.db, 'audit_log')).toBe(entries);

    const log = await accessLog(patient.auth);
    expect(log.slice(0, 4).map((e) => e.action)).toEqual([
      'impersonation.remove_schedule',
      'impersonation.add_schedule',
      'impersonation.edit_medicine',
      'impersonation.add_medicine',
    ]);
    expect(log.slice(0, 4).every((e) => e.touched.medicine === 'Ramipril')).toBe(true);

    // When the log cannot be written, the write does not happen either (one transaction).
    if (engine === 'sqlite')
      await sql`create trigger no_edit_log before insert on audit_log when new.action = 'impersonation.edit_medicine'
        begin select raise(abort, 'log refused'); end`.execute(t.db);
    else {
      await sql`create function no_edit_log() returns trigger language plpgsql as $$
        begin if new.action = 'impersonation.edit_medicine' then raise exception 'log refused'; end if; return new; end $$`.execute(
        t.db,
      );
      await sql`create trigger no_edit_log before insert on audit_log for each row execute function no_edit_log()`.execute(
        t.db,
      );
    }
    try {
      const refused = await call('POST', '/api/medicine/editMedicineRecord', imp, {
        data: { id: added.id, strength: '10 mg' },
      });
      expect(refused.statusCode).toBe(500);
      const kept = await call('GET', `/api/medicine-schedule/medicine/${added.id}`, patient.auth);
      expect(kept.json().data.medicine.strength).toBe('5 mg');
    } finally {
      await sql`drop trigger no_edit_log${engine === 'postgres' ? sql` on audit_log` : sql``}`.execute(t.db);
    }
  });

  it('ends an open session when the administrator opens another, and logs its end for that patient', async () => {
    const { admin, patient, profile } = await setup();
    const second = await registerUser(t.app);
    const secondProfile = await profileOf(second.auth);
    const first = (await open(admin.auth, profile.profileuid)).json().data;
    expect((await open(admin.auth, secondProfile.profileuid, 'Box swap')).statusCode).toBe(200);
    const log = await accessLog(patient.auth);
    expect(log.map((e) => e.action)).toEqual(['impersonation.stop', 'impersonation.start']);
    const ended = await t.db
      .selectFrom('impersonation_sessions')
      .select('ended_at')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).not.toBeNull();
    // The first patient is out of reach now; the second is in.
    expect((await call('GET', '/api/medicines', as(admin.auth, patient.user.id))).statusCode).toBe(403);
    expect((await call('GET', '/api/medicines', as(admin.auth, second.user.id))).statusCode).toBe(200);
  });

  it('opens a patient’s health data through a session only, to patients with the grant', async () => {
    const { admin, patient, profile } = await setup({ email: HEALTH_EMAIL });
    const plain = await registerUser(t.app);
    const basic = { date_of_birth: '1950-04-02', gender: 'female', rega_member: true };
    expect((await call('GET', '/api/health-data', as(admin.auth, patient.user.id))).statusCode).toBe(403);
    expect((await call('GET', '/api/health-data', admin.auth)).statusCode).toBe(403);
    await open(admin.auth, profile.profileuid);
    const saved = await call(
      'PUT',
      '/api/health-data/basic-information',
      as(admin.auth, patient.user.id),
      basic,
    );
    expect(saved.statusCode).toBe(200);
    const mine = await call('GET', '/api/health-data', patient.auth);
    expect(mine.json().data['basic-information']).toMatchObject({ date_of_birth: '1950-04-02' });
    const log = await accessLog(patient.auth);
    expect(log[0]).toMatchObject({
      action: 'impersonation.write_health_data',
      touched: { section: 'basic-information' },
    });
    // A patient without the grant has no health data, through the door or not.
    expect((await call('GET', '/api/health-data', plain.auth)).statusCode).toBe(403);
  });
});

describe.each(ENGINES)('the door with REQUIRE_ADMIN_2FA on %s', (engine) => {
  const t = useTestApp(engine, { env: { REQUIRE_ADMIN_2FA: 'true' } });

  it('keeps an administrator without the second factor out, even with a session open', async () => {
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app);
    const profile = (await t.app.inject({ url: '/api/profile/userdata', headers: patient.auth })).json();
    // A session opened before the rule applied to this administrator.
    const now = Date.now();
    await t.db
      .insertInto('impersonation_sessions')
      .values({
        admin_user_id: admin.user.id,
        profile_id: profile.id,
        reason: 'Opened earlier',
        started_at: now,
        expires_at: now + 600_000,
        ended_at: null,
      })
      .execute();
    const headers = { ...admin.auth, 'x-imp-user-id': String(patient.user.id) };
    const res = await t.app.inject({ url: '/api/medicines', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.reason).toBe('two_factor_required');
    // Their own data stays theirs.
    expect((await t.app.inject({ url: '/api/medicines', headers: admin.auth })).statusCode).toBe(200);
  });
});
