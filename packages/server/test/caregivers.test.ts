import { MAX_CAREGIVERS } from '@dosedot/domain';
import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays, localToUtc } from '@dosedot/domain/time';
import { describe, expect, it, vi } from 'vitest';
import { createReminderService } from '../src/features/reminders';
import {
  ENGINES,
  enteredAt,
  giveBox,
  memoryMailer,
  registerUser,
  runElsewhere,
  statusOnceSettled,
  useTestApp,
} from './context';

// Each scheduler tick works out every enabled patient of the file's database: a few seconds per test
// when the machine is busy, more than the default limit now and then.
vi.setConfig({ testTimeout: 60_000 });
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const silentLog = { warn() {}, error() {}, info() {} } as never;
type Auth = { authorization: string };

describe.each(ENGINES)('caregivers on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, { mailer });

  const invite = (auth: Auth, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/caregivers/invite',
      headers: auth,
      payload: { data: { email } },
    });
  const accept = (auth: Auth, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/caregivers/accept',
      headers: auth,
      payload: { data: { token } },
    });
  /** The token of the newest invitation mailed to the address. */
  const tokenFor = (email: string) => {
    const mail = mailer.sent.filter((m) => m.to === email && m.text.includes('/caregiving?token=')).at(-1);
    const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no invitation was mailed to ${email}`);
    return token;
  };

  /** A patient with a medicine and a caregiver who took the invitation. */
  async function pair() {
    const patient = await registerUser(t.app);
    const carer = await registerUser(t.app);
    const res = await invite(patient.auth, carer.user.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: carer.user.email, status: 'invited', name: null });
    const taken = await accept(carer.auth, tokenFor(carer.user.email));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toEqual([expect.objectContaining({ userId: patient.user.id })]);
    const asCarer = { ...carer.auth, 'x-imp-user-id': String(patient.user.id) };
    return { patient, carer, asCarer, caregiverId: res.json().data.id as number };
  }

  it('invites by e-mail, and the caregiver reads the dashboard, plans and alerts, read-only', async () => {
    const { patient, asCarer } = await pair();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: patient.auth,
      payload: { data: { name: 'Carevit', start_date: '2026-11-01', dosage_times: ['08:00'] } },
    });
    expect(added.statusCode).toBe(200);
    for (const url of [
      '/api/adherence',
      '/api/medicines',
      '/api/medicine-schedules/profile',
      '/api/reminders/notifications',
    ]) {
      const res = await t.app.inject({ url, headers: asCarer });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/medicines', headers: asCarer })).body).toContain('Carevit');
    // Every write answers 403, and nothing is written.
    const writes = [
      {
        method: 'POST',
        url: '/api/medicine/assignMedicine',
        payload: { data: { name: 'X', start_date: '2026-11-01', dosage_times: ['09:00'] } },
      },
      {
        method: 'PUT',
        url: '/api/reminders/settings',
        payload: {
          data: {
            email: true,
            quietFrom: null,
            quietTo: null,
            missedAfterMinutes: 60,
            caregiverDelayMinutes: 60,
          },
        },
      },
      { method: 'DELETE', url: '/api/account', payload: { password: 'whatever it is' } },
    ] as const;
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: asCarer });
      expect(res.statusCode, `${w.method} ${w.url} ${res.body}`).toBe(403);
    }
    const names = (await t.app.inject({ url: '/api/medicines', headers: patient.auth }))
      .json()
      .data.map((m: { name: string }) => m.name);
    expect(names).toEqual(['Carevit']);
    // Not the account export, not My Health Data.
    expect((await t.app.inject({ url: '/api/account/export', headers: asCarer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/health-data', headers: asCarer })).statusCode).toBe(403);
    // The patient sees their caregiver, named, and every caregiver read in the access log.
    const list = (await t.app.inject({ url: '/api/caregivers', headers: patient.auth })).json().data;
    expect(list).toEqual([expect.objectContaining({ status: 'active', name: 'Test Person' })]);
    const log = (await t.app.inject({ url: '/api/profile/access-log', headers: patient.auth })).json().data;
    expect(log.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining([
        'caregiver.read_adherence',
        'caregiver.read_medicines',
        'caregiver.read_schedule',
      ]),
    );
  });

  it('invites an address once, and no more than the limit, when invitations are sent at once', async () => {
    const patient = await registerUser(t.app);
    const twice = await Promise.all([1, 2, 3].map(() => invite(patient.auth, 'double.tap@example.test')));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    // The limit, with more invitations than it allows sent together.
    const many = await Promise.all(
      Array.from({ length: MAX_CAREGIVERS + 3 }, (_, i) => invite(patient.auth, `carer${i}@example.test`)),
    );
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(MAX_CAREGIVERS - 1);
    expect(many.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const list = (await t.app.inject({ url: '/api/caregivers', headers: patient.auth })).json().data;
    expect(list).toHaveLength(MAX_CAREGIVERS);
  });

  it('revoking ends the access at once; no access to another patient', async () => {
    const { patient, carer, asCarer, caregiverId } = await pair();
    const other = await registerUser(t.app);
    expect(
      (
        await t.app.inject({
          url: '/api/adherence',
          headers: { ...carer.auth, 'x-imp-user-id': String(other.user.id) },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/adherence', headers: asCarer })).statusCode).toBe(200);
    // Only the patient revokes their own caregiver.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/caregivers/${caregiverId}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/caregivers/${caregiverId}`,
      headers: patient.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/adherence', headers: asCarer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/caregiving', headers: carer.auth })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/caregivers', headers: patient.auth })).json().data).toEqual([]);
  });

  /*
   * The door reads a caregiver's grant from the read cache (decision 0004) while no grant was
   * written; another server copy's revocation reaches it (PostgreSQL's change notification, SQLite's
   * check of the file's data version).
   */
  it('ends the access when another server copy revokes the grant, though the door kept it', async () => {
    const { asCarer, caregiverId } = await pair();
    const read = async () => (await t.app.inject({ url: '/api/adherence', headers: asCarer })).statusCode;
    expect(await read()).toBe(200);
    expect(await read()).toBe(200);
    await runElsewhere(
      t.config.database,
      `update caregivers set revoked_at = ${Date.now()} where id = ${caregiverId}`,
    );
    expect(await statusOnceSettled(read, 403)).toBe(403);
  });

  it('takes an invitation once, not an expired, revoked or own one, and names the field of bad input', async () => {
    const patient = await registerUser(t.app);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (const [email, field] of [
      ['not an address', 'data.email'],
      [patient.user.email, 'email'],
    ] as const) {
      const res = await invite(patient.auth, email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    }
    expect((await invite(patient.auth, a.user.email)).statusCode).toBe(200);
    // Invited twice: refused, one invitation kept.
    expect((await invite(patient.auth, a.user.email.toUpperCase())).statusCode).toBe(400);
    const token = tokenFor(a.user.email);
    // The patient cannot take their own invitation.
    expect((await accept(patient.auth, token)).json().error.details.errors[0].message).toBe(
      'You cannot be your own caregiver',
    );
    expect((await accept(a.auth, token)).statusCode).toBe(200);
    const again = await accept(b.auth, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details.errors[0]).toMatchObject({
      path: ['token'],
      message: 'This invitation has already been used',
    });
    expect((await accept(b.auth, 'x'.repeat(43))).json().error.details.errors[0].message).toBe(
      'This invitation link is not valid',
    );
    expect((await accept(b.auth, 'short')).statusCode).toBe(400);
    // Expired after 7 days.
    expect((await invite(patient.auth, b.user.email)).statusCode).toBe(200);
    await t.db
      .updateTable('caregivers')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', b.user.email)
      .execute();
    expect((await accept(b.auth, tokenFor(b.user.email))).json().error.details.errors[0].message).toBe(
      'This invitation has expired; ask for a new one',
    );
    expect(
      (await t.app.inject({ url: '/api/caregivers', headers: patient.auth }))
        .json()
        .data.map((c: { status: string }) => c.status),
    ).toEqual(['expired', 'active']);
  });

  it('tells the caregivers of a missed dose after the delay, once, in their language', async () => {
    const { patient, carer } = await pair();
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', patient.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('profiles')
      .set({ timezone: ZONE, givenname: 'Greta', familyname: 'Gepflegt' })
      .where('id', '=', profile.id)
      .execute();
    await t.db.updateTable('profiles').set({ language: 'de' }).where('user_id', '=', carer.user.id).execute();
    const sensor = await giveBox(t.db, patient.user.id, { from: 0 });
    const day = addDays(chartDayOf(Date.now(), ZONE), 1);
    const at = localToUtc(day, '12:00', ZONE);
    await t.db
      .updateTable('sensors')
      .set({ battery: 90, last_uplink_at: at + 100 * MIN })
      .where('id', '=', sensor)
      .execute();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: patient.auth,
      payload: { data: { name: 'Carevit', start_date: addDays(day, -1), dosage_times: ['12:00'] } },
    });
    await enteredAt(t.db, added.json().data.id, Date.now() - 86_400_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: patient.auth,
      payload: {
        data: {
          email: true,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 30,
          caregiverDelayMinutes: 45,
        },
      },
    });
    const service = createReminderService({
      db: t.db,
      mailer,
      appUrl: 'https://dosedot.test',
      log: silentLog,
    });
    const toCarer = () => mailer.sent.filter((m) => m.to === carer.user.email && m.subject.includes('Greta'));
    await service.tick(at + 31 * MIN);
    expect(toCarer()).toEqual([]);
    await service.tick(at + 75 * MIN);
    await service.tick(at + 90 * MIN);
    expect(toCarer().map((m) => m.subject)).toEqual(['DoseDot: Einnahme von Greta Gepflegt um 12:00 fehlt']);
    // The patient's own list shows their alert, not the caregiver's.
    const mine = await service.notifications(profile.id, 1, 25, at + 90 * MIN);
    expect(mine.data.map((n) => n.kind)).toEqual(['missed']);
  });
});
