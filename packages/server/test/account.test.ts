import { randomBytes, scryptSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config';
import type { Db } from '../src/db';
import { LAST_ADMIN_MESSAGE } from '../src/features/account/service';
import { authenticatorCode, enrolTwoFactor } from './authenticator';
import {
  ENGINES,
  makeAdmin,
  memoryMailer,
  newBox,
  PASSWORD,
  randomDeveui,
  registerUser,
  uniqueEmail,
  useTestApp,
} from './context';

type Auth = Record<string, string>;
const HEALTH_EMAIL = uniqueEmail('account.heidi');
const mailer = memoryMailer();

/** The field names a 400 answer names. */
const fieldsOf = (res: { json: () => unknown }) =>
  (
    (res.json() as { error: { details?: { errors?: { path: (string | number)[] }[] } } }).error.details
      ?.errors ?? []
  ).map((e) => e.path.join('.'));

/** How many rows of the person there are in the tables an account deletion empties. */
async function rowsOf(db: Db, userId: number, profileId: number) {
  const n = async (
    table: 'users' | 'profiles' | 'medicines' | 'health_records' | 'sensor_assignments',
    column: string,
    id: number,
  ) => {
    const row = await db
      .selectFrom(table as 'users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column as 'id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    users: await n('users', 'id', userId),
    profiles: await n('profiles', 'id', profileId),
    medicines: await n('medicines', 'profile_id', profileId),
    health: await n('health_records', 'profile_id', profileId),
    holdings: await n('sensor_assignments', 'profile_id', profileId),
  };
}

/** A box held by the profile since an hour ago, with two presses and two readings. */
async function giveBox(db: Db, profileId: number) {
  const deveui = randomDeveui();
  const from = Date.now() - 3_600_000;
  const sensor = { id: await newBox(db, { deveui, createdAt: from }) };
  await db
    .insertInto('sensor_assignments')
    .values({
      sensor_id: sensor.id,
      profile_id: profileId,
      assigned_from: from,
      assigned_to: null,
      assigned_by: null,
    })
    .execute();
  await db.updateTable('profiles').set({ sensor_id: sensor.id }).where('id', '=', profileId).execute();
  // One press and one reading from before the box was theirs: never in their export.
  await db
    .insertInto('button_presses')
    .values(
      [from - 60_000, from + 60_000, from + 120_000].map((pressed_at) => ({
        sensor_id: sensor.id,
        uplink_id: null,
        pressed_at,
      })),
    )
    .execute();
  await db
    .insertInto('sensor_readings')
    .values(
      [from - 60_000, from + 60_000, from + 120_000].map((measured_at) => ({
        sensor_id: sensor.id,
        uplink_id: null,
        measured_at,
        temperature: 21.5,
        humidity: 40,
        battery: null,
        motion: null,
      })),
    )
    .execute();
  return { sensorId: sensor.id, deveui };
}

describe.each(ENGINES)('the patient’s own data on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL }, mailer });
  const call = (method: 'GET' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const remove = (auth: Auth, payload?: object) => call('DELETE', '/api/account', auth, payload);
  const exportOf = (auth: Auth) => call('GET', '/api/account/export', auth);

  /** A patient with a name, a medicine, a box with presses and readings; My Health Data when listed. */
  async function patient(app: FastifyInstance, email = uniqueEmail('account')) {
    const p = await registerUser(app, { email, username: 'Vreni Löschbar' });
    await call('GET', '/api/profile/userdata', p.auth);
    await app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: p.auth,
      payload: { givenname: 'Vreni', familyname: 'Löschbar' },
    });
    const added = await app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: p.auth,
      payload: {
        data: { name: 'Secret-Levothyroxine', start_date: '2026-11-01', dosage_times: ['07:30'], type: 1 },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const profile = (await call('GET', '/api/profile/userdata', p.auth)).json() as {
      id: number;
      profileuid: string;
    };
    const box = await giveBox(t.db, profile.id);
    return { ...p, profileId: profile.id, profileuid: profile.profileuid, ...box };
  }

  /** 'I took one' (2) of a new as-needed medicine: an intake entered by hand. */
  async function tookOne(auth: Auth) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: auth,
      payload: { data: { name: 'Ibuprofen', type: 2, start_date: '2026-01-01', dosage_times: [] } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/medicine-intakes',
      headers: auth,
      payload: { data: { medicine: added.json().data.id, amount: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.id as number, medicineId: added.json().data.id as number };
  }

  it('answers 401 without a token', async () => {
    expect((await exportOf({})).statusCode).toBe(401);
    expect((await remove({}, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers 400 naming the field to a missing or wrong password, and deletes nothing', async () => {
    const p = await patient(t.app);
    const before = await rowsOf(t.db, p.user.id, p.profileId);
    for (const [payload, field] of [
      [{}, 'password'],
      [{ password: '' }, 'password'],
      [{ password: 'not my password' }, 'password'],
      [{ password: PASSWORD, extra: 1 }, 'extra'],
      [{ password: PASSWORD, code: 'abc' }, 'code'],
    ] as const) {
      const res = await remove(p.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(await rowsOf(t.db, p.user.id, p.profileId)).toEqual(before);
    expect((await call('GET', '/api/users/me', p.auth)).statusCode).toBe(200);
  });

  it('asks for the second factor where it is on: a missing or wrong code is a 400 naming code', async () => {
    const p = await patient(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: p.auth,
      payload: { password: p.password },
    });
    const { secret } = setup.json().data as { secret: string };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: p.auth,
      payload: { code: authenticatorCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const before = await rowsOf(t.db, p.user.id, p.profileId);
    const next = authenticatorCode(secret, Date.now() + 30_000);
    const wrong = next === '000000' ? '111111' : '000000';
    for (const payload of [{ password: PASSWORD }, { password: PASSWORD, code: wrong }]) {
      const res = await remove(p.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['code']);
    }
    // The right code with a wrong password is still a wrong password.
    expect(fieldsOf(await remove(p.auth, { password: 'wrong one', code: next }))).toEqual(['password']);
    expect(await rowsOf(t.db, p.user.id, p.profileId)).toEqual(before);
    expect((await remove(p.auth, { password: PASSWORD, code: next })).statusCode).toBe(200);
    expect((await rowsOf(t.db, p.user.id, p.profileId)).users).toBe(0);
  });

  it('lets only the patient and an administrator in a session for them download; nobody else deletes', async () => {
    const a = await patient(t.app);
    const b = await registerUser(t.app);
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    const asA = (auth: Auth) => ({ ...auth, 'x-imp-user-id': String(a.user.id) });
    expect((await exportOf(asA(b.auth))).statusCode).toBe(403);
    expect((await exportOf(asA(admin.auth))).statusCode).toBe(403);
    expect((await remove(asA(b.auth), { password: PASSWORD })).statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: admin.auth,
      payload: { data: { profileuid: a.profileuid, reason: 'Patient asked for a copy on the phone' } },
    });
    expect(session.statusCode).toBe(200);
    const download = await exportOf(asA(admin.auth));
    expect(download.statusCode).toBe(200);
    expect(download.json().medicines.map((m: { name: string }) => m.name)).toEqual(['Secret-Levothyroxine']);
    expect(download.json().account.email).toBe(a.user.email);
    // Deleting is the account holder's own act: not through a session, even with the right password.
    const refused = await remove(asA(admin.auth), { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/Only the account holder/);
    expect((await rowsOf(t.db, a.user.id, a.profileId)).users).toBe(1);
    expect((await rowsOf(t.db, admin.user.id, 0)).users).toBe(1);
    // The download through the session is in the patient's access log, and in the next export.
    const mine = (await exportOf(a.auth)).json();
    expect(mine.accessLog.map((l: { action: string }) => l.action)).toContain('impersonation.export_account');
    expect(
      mine.accessLog.find((l: { action: string }) => l.action === 'impersonation.export_account').by,
    ).toBe(admin.user.email);
  });

  it('downloads everything DoseDot holds about the patient as one JSON file', async () => {
    const p = await patient(t.app, HEALTH_EMAIL);
    const health = await t.app.inject({
      method: 'PUT',
      url: '/api/health-data/medical-information',
      headers: p.auth,
      payload: { allergies: ['Penicillin'], chronic_conditions: [], notes: 'Export me' },
    });
    expect(health.statusCode, health.body).toBe(200);
    const intake = await tookOne(p.auth);
    const settings = {
      email: true,
      quietFrom: '22:00',
      quietTo: '07:00',
      missedAfterMinutes: 45,
      caregiverDelayMinutes: 30,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: p.auth,
      payload: { data: settings },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await exportOf(p.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dosedot-my-data.json"');
    const data = res.json();
    expect(data.account).toMatchObject({ email: HEALTH_EMAIL, username: 'Vreni Löschbar', role: 'basic' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$/);
    expect(data.profile).toMatchObject({
      givenname: 'Vreni',
      familyname: 'Löschbar',
      profileuid: p.profileuid,
    });
    expect(data.medicines.map((m: { name: string }) => m.name).sort()).toEqual([
      'Ibuprofen',
      'Secret-Levothyroxine',
    ]);
    expect(data.medicines.find((m: { name: string }) => m.name === 'Secret-Levothyroxine')).toMatchObject({
      dosage_times: ['07:30:00.000'],
    });
    // Presses and readings from while the box was theirs only.
    expect(data.intakes.boxPresses).toHaveLength(2);
    expect(data.intakes.boxPresses[0].box).toBe(p.deveui);
    expect(data.intakes.byHand).toEqual([
      expect.objectContaining({
        id: intake.id,
        medicineId: intake.medicineId,
        amount: 2,
        enteredBySelf: true,
      }),
    ]);
    expect(data.boxReadings).toHaveLength(2);
    expect(data.boxReadings[0]).toMatchObject({ temperature: 21.5, humidity: 40 });
    expect(data.healthData['medical-information']).toMatchObject({
      allergies: ['Penicillin'],
      notes: 'Export me',
    });
    expect(data.auditLog.map((l: { action: string }) => l.action)).toEqual(
      expect.arrayContaining(['auth.login', 'health_data.write']),
    );
    expect(data.reminders.settings).toMatchObject(settings);
    expect(data.reminders.notifications).toEqual([]);
    // Someone else's data is never in it.
    const other = await patient(t.app);
    const theirs = (await exportOf(other.auth)).json();
    expect(JSON.stringify(theirs)).not.toContain(HEALTH_EMAIL);
    expect(theirs.healthData).toBeNull();
    expect(theirs.reminders.settings).toBeNull();
    expect(theirs.intakes.boxPresses.every((x: { box: string }) => x.box === other.deveui)).toBe(true);
  });

  it('deletes the account at once: everything of theirs, every token, the box freed, audit lines kept without them, a mail sent', async () => {
    const p = await patient(t.app, HEALTH_EMAIL.replace('account.heidi', 'account.gone'));
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: p.user.email, password: PASSWORD },
    });
    const secondToken = { authorization: `Bearer ${otherDevice.json().jwt}` };
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    const holderOf = async () => {
      const list = await call('GET', `/api/sensory-summaries?filters[deveui][$eq]=${p.deveui}`, admin.auth);
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().data as { attributes: { deveui: string; profile: unknown } }[];
      const row = rows.find((s) => s.attributes.deveui === p.deveui);
      expect(row).toBeDefined();
      return row?.attributes.profile ?? null;
    };
    expect(await holderOf()).not.toBeNull();
    const auditBefore = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const intake = await tookOne(p.auth);
    mailer.sent.length = 0;

    const res = await remove(p.auth, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });
    // Every audit line stays, and one more says the account was deleted.
    const auditAfter = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n) + 1);

    expect(await rowsOf(t.db, p.user.id, p.profileId)).toEqual({
      users: 0,
      profiles: 0,
      medicines: 0,
      health: 0,
      holdings: 0,
    });
    expect(
      await t.db.selectFrom('manual_intakes').select('id').where('id', '=', intake.id).execute(),
    ).toEqual([]);
    // Every token ends, sign-in fails.
    for (const auth of [p.auth, secondToken])
      expect((await call('GET', '/api/users/me', auth)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: p.user.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(400);
    // The box is free; its presses and readings stay, tied to nobody.
    expect(await holderOf()).toBeNull();
    const presses = await t.db
      .selectFrom('button_presses')
      .select('id')
      .where('sensor_id', '=', p.sensorId)
      .execute();
    expect(presses).toHaveLength(3);
    const readings = await t.db
      .selectFrom('sensor_readings')
      .select('id')
      .where('sensor_id', '=', p.sensorId)
      .execute();
    expect(readings).toHaveLength(3);
    // The audit lines stay, none with the address or the name.
    const lines = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', String(p.user.id))]),
          eb.and([eb('target_type', '=', 'profile'), eb('target_id', '=', String(p.profileId))]),
        ]),
      )
      .execute();
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['auth.login', 'account.deleted']));
    const text = JSON.stringify(lines).toLowerCase();
    for (const gone of [p.user.email.toLowerCase(), 'löschbar', 'vreni']) expect(text).not.toContain(gone);
    expect(lines.every((l) => l.actor_user_id === null)).toBe(true);
    // A confirmation mail to the address.
    await expect.poll(() => mailer.sent.filter((m) => m.to === p.user.email).length).toBe(1);
    expect(mailer.sent.find((m) => m.to === p.user.email)?.subject).toBe('DoseDot: your account was deleted');
  });

  it('keeps the last administrator (409), and deletes an administrator when another remains', async () => {
    // No other administrator in this database yet: make sure there is exactly one.
    await t.db.updateTable('users').set({ role: 'basic' }).where('role', '=', 'admin').execute();
    const first = await registerUser(t.app);
    await makeAdmin(t.db, first.user.id);
    const last = await remove(first.auth, { password: PASSWORD });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toMatch(/last administrator/);
    expect((await call('GET', '/api/users/me', first.auth)).statusCode).toBe(200);
    const second = await registerUser(t.app);
    await makeAdmin(t.db, second.user.id);
    expect((await remove(first.auth, { password: PASSWORD })).statusCode).toBe(200);
    expect((await remove(second.auth, { password: PASSWORD })).statusCode).toBe(409);
  });
});

describe.each(ENGINES)('the last administrator who can sign in, on %s', (engine) => {
  const t = useTestApp(engine, { config: { limits: { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 } } });
  const remove = (auth: Auth) =>
    t.app.inject({ method: 'DELETE', url: '/api/account', headers: auth, payload: { password: PASSWORD } });
  const activeAdmins = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('blocked', '=', 0)
        .execute()
    ).length;
  /** No administrator in this database: each test makes exactly the ones it needs. */
  const noAdmins = () =>
    t.db.updateTable('users').set({ role: 'basic' }).where('role', '=', 'admin').execute();
  async function admin() {
    const reg = await registerUser(t.app);
    await makeAdmin(t.db, reg.user.id);
    return reg;
  }

  it('does not count a blocked administrator as the other one', async () => {
    await noAdmins();
    const a = await admin();
    const b = await admin();
    await t.db.updateTable('users').set({ blocked: 1 }).where('id', '=', b.user.id).execute();
    const refused = await remove(a.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LAST_ADMIN_MESSAGE);
    expect(refused.json().error.details.reason).toBe('last_admin');
    expect(await activeAdmins()).toBe(1);
    // Once the other can sign in again, the first may go.
    await t.db.updateTable('users').set({ blocked: 0 }).where('id', '=', b.user.id).execute();
    expect((await remove(a.auth)).statusCode).toBe(200);
    expect(await activeAdmins()).toBe(1);
  });

  it('keeps one when of two administrators one deletes their account and the other steps down at once', async () => {
    for (let round = 0; round < 8; round++) {
      await noAdmins();
      const a = await admin();
      const b = await admin();
      // A cheap hash of A's password (its parameters are kept in it), so that A's deletion is not
      // held back by a fifth of a second of scrypt and meets B's role change.
      const salt = randomBytes(16);
      const key = scryptSync(PASSWORD, salt, 32, { N: 16, r: 8, p: 1 });
      await t.db
        .updateTable('users')
        .set({ password_hash: `scrypt$16$8$1$${salt.toString('base64')}$${key.toString('base64')}` })
        .where('id', '=', a.user.id)
        .execute();
      const { secret } = await enrolTwoFactor(t.app, b);
      const stepDown = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${b.user.id}`,
          headers: b.auth,
          payload: { role: 'basic', code: authenticatorCode(secret, Date.now() + 30_000) },
        });
      const answers = await Promise.all([remove(a.auth), stepDown()]);
      expect(await activeAdmins(), `round ${round}`).toBe(1);
      expect(answers.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(refused?.json().error.details.reason).toBe('last_admin');
    }
  }, 60_000); // eight rounds of registrations and an enrolment: password hashes, slow on a busy machine
});
