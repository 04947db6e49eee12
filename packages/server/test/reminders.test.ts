import { chartDayOf } from '@dosedot/domain/adherence';
import { localClock } from '@dosedot/domain/reminders';
import { addDays, localToUtc } from '@dosedot/domain/time';
import { describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../src/db';
import { createReminderService } from '../src/features/reminders';
import type { Mailer } from '../src/lib/mailer';
import { ENGINES, enteredAt, giveBox, memoryMailer, registerUser, useTestApp } from './context';

// Each scheduler tick works out every enabled patient of the file's database: a few seconds per test
// when the machine is busy, more than the default limit now and then.
vi.setConfig({ testTimeout: 60_000 });
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const silentLog = { warn() {}, error() {}, info() {} } as never;

describe.each(ENGINES)('reminders and missed-dose alerts on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, { mailer });
  const service = (db: Db = t.db, m: Mailer = mailer) =>
    createReminderService({ db, mailer: m, appUrl: 'https://dosedot.test', log: silentLog });

  const tomorrow = () => addDays(chartDayOf(Date.now(), ZONE), 1);

  /** A patient with a box heard a minute before `wellAt`, a medicine with `times`, e-mail reminders on. */
  async function patient(times: string[], opts: { battery?: number; heardAt?: number } = {}) {
    const p = await registerUser(t.app);
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('profiles').set({ timezone: ZONE }).where('id', '=', profile.id).execute();
    const sensorId = await giveBox(t.db, p.user.id, { from: 0 });
    await t.db
      .updateTable('sensors')
      .set({ battery: opts.battery ?? 90, last_uplink_at: opts.heardAt ?? null })
      .where('id', '=', sensorId)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: p.auth,
      payload: { data: { name: 'Ramipril', start_date: addDays(tomorrow(), -2), dosage_times: times } },
    });
    expect(res.statusCode).toBe(200);
    const medicine = res.json().data as { id: number };
    await enteredAt(t.db, medicine.id, Date.now() - 3 * 86_400_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: p.auth,
      payload: {
        data: {
          email: true,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 60,
          caregiverDelayMinutes: 60,
        },
      },
    });
    expect(put.statusCode).toBe(200);
    return { ...p, profileId: profile.id, sensorId, medicine };
  }

  /** The reminders and alerts mailed to an address (not its sign-up mails). */
  const mailsTo = (address: string, sent = mailer.sent) =>
    sent.filter((m) => m.to === address && m.text.includes('https://dosedot.test/my-medicine'));

  it('keeps push on when one device switches it on while others save the rest at the same moment', async () => {
    const rest = {
      email: true,
      quietFrom: null,
      quietTo: null,
      missedAfterMinutes: 60,
      caregiverDelayMinutes: 60,
    };
    for (let round = 0; round < 8; round++) {
      const p = await registerUser(t.app);
      const save = (data: object) =>
        t.app.inject({ method: 'PUT', url: '/api/reminders/settings', headers: p.auth, payload: { data } });
      // Left out of a save, push stays as it was: whichever order the saves take, it ends on.
      const answers = await Promise.all([save(rest), save(rest), save({ ...rest, push: true }), save(rest)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const settings = (await t.app.inject({ url: '/api/reminders/settings', headers: p.auth })).json().data;
      expect({ round, push: settings.push }).toEqual({ round, push: true });
    }
  });

  it('keeps the settings, and refuses bad ones naming the field without writing anything', async () => {
    const p = await registerUser(t.app);
    const get = async () =>
      (await t.app.inject({ url: '/api/reminders/settings', headers: p.auth })).json().data;
    expect(await get()).toEqual({
      email: false,
      push: false,
      quietFrom: null,
      quietTo: null,
      missedAfterMinutes: 60,
      caregiverDelayMinutes: 60,
      refillDays: 7,
    });
    const good = {
      email: true,
      quietFrom: '22:00',
      quietTo: '07:00',
      missedAfterMinutes: 45,
      caregiverDelayMinutes: 30,
    };
    for (const [bad, field] of [
      [{ ...good, quietFrom: '25:00' }, 'data.quietFrom'],
      [{ ...good, quietTo: null }, 'data.quietTo'],
      [{ ...good, missedAfterMinutes: 5 }, 'data.missedAfterMinutes'],
      [{ ...good, caregiverDelayMinutes: 1.5 }, 'data.caregiverDelayMinutes'],
      [{ ...good, email: 'yes' }, 'data.email'],
      [{ ...good, extra: 1 }, 'data.extra'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/reminders/settings',
        headers: p.auth,
        payload: { data: bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    }
    expect(await get()).toMatchObject({ email: false });
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: p.auth,
      payload: { data: good },
    });
    expect(ok.statusCode).toBe(200);
    // Push and the refill days left out of the body stay as they were (off, 7).
    expect(await get()).toEqual({ ...good, push: false, refillDays: 7 });
    expect((await t.app.inject({ url: '/api/reminders/settings' })).statusCode).toBe(401);
  });

  it('lets the requests waiting meanwhile go first between the patients a tick works out', async () => {
    const at = localToUtc(tomorrow(), '09:10', ZONE);
    const patients = [];
    for (let i = 0; i < 3; i++) patients.push(await patient(['09:10'], { heardAt: at - MIN }));
    // Turns of the event loop while the tick runs: on SQLite its statements run without one, so
    // without a pause between patients the whole tick was a single turn.
    let turns = 0;
    let ticking = true;
    const spin = () => {
      turns++;
      if (ticking) setImmediate(spin);
    };
    setImmediate(spin);
    const sent = await service().tick(at);
    ticking = false;
    expect(sent).toBeGreaterThanOrEqual(patients.length);
    for (const p of patients) expect(mailsTo(p.user.email)).toHaveLength(1);
    expect(turns).toBeGreaterThanOrEqual(patients.length);
  });

  it('reminds at the dosage time once, however often it ticks and after a restart', async () => {
    const at = localToUtc(tomorrow(), '08:00', ZONE);
    const p = await patient(['08:00'], { heardAt: at - MIN });
    expect(await service().tick(at - MIN)).toBe(0);
    await service().tick(at);
    const mails = mailsTo(p.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('DoseDot: time for your 08:00 dose');
    expect(mails[0]?.text).toContain('Ramipril');
    expect(mails[0]?.text).toContain('https://dosedot.test/my-medicine');
    // The same process again, and a new one (a restart): nothing more.
    await service().tick(at + MIN);
    await service().tick(at + 30 * MIN);
    expect(mailsTo(p.user.email)).toHaveLength(1);
    // The notification is listed with the dose's status now.
    const list = await t.app.inject({ url: '/api/reminders/notifications', headers: p.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        kind: 'reminder',
        channel: 'email',
        scheduledAt: new Date(at).toISOString(),
      }),
    ]);
    expect(list.json().meta.pagination).toMatchObject({ page: 1, total: 1 });
  });

  it('sends no reminder for a dose a press already took, and none when e-mail is off', async () => {
    const at = localToUtc(tomorrow(), '20:00', ZONE);
    const p = await patient(['20:00'], { heardAt: at - MIN });
    await t.db
      .insertInto('button_presses')
      .values({ sensor_id: p.sensorId, uplink_id: null, pressed_at: at - 3 * MIN })
      .execute();
    await service().tick(at);
    await service().tick(at + 90 * MIN);
    expect(mailsTo(p.user.email)).toHaveLength(0);

    const q = await patient(['20:00'], { heardAt: at - MIN });
    await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: q.auth,
      payload: {
        data: {
          email: false,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 60,
          caregiverDelayMinutes: 60,
        },
      },
    });
    await service().tick(at);
    expect(mailsTo(q.user.email)).toHaveLength(0);
  });

  it('alerts a missed dose, or says the box is offline or needs a battery; a late press turns it into a late intake', async () => {
    const at = localToUtc(tomorrow(), '12:00', ZONE);
    const well = await patient(['12:00'], { heardAt: at + 55 * MIN });
    const silent = await patient(['12:00'], { heardAt: at - 40 * MIN });
    const flat = await patient(['12:00'], { heardAt: at + 55 * MIN, battery: 2 });
    await service().tick(at + 61 * MIN);
    const subjects = (p: { user: { email: string } }) => mailsTo(p.user.email).map((m) => m.subject);
    expect(subjects(well)).toEqual(['DoseDot: your 12:00 dose was not taken']);
    expect(subjects(silent)).toEqual(['DoseDot: your box is offline']);
    expect(subjects(flat)).toEqual(['DoseDot: your box needs a new battery']);
    // Each told once.
    await service().tick(at + 75 * MIN);
    expect(subjects(well)).toHaveLength(1);
    // The press comes late: the alert now reads as a dose taken.
    await t.db
      .insertInto('button_presses')
      .values({ sensor_id: well.sensorId, uplink_id: null, pressed_at: at + 80 * MIN })
      .execute();
    const alerts = await service().notifications(well.profileId, 1, 25, at + 90 * MIN);
    expect(alerts.data.map((n) => [n.kind, n.doseStatus])).toEqual([['missed', 'taken']]);
  });

  it('writes in the patient’s language', async () => {
    const at = localToUtc(tomorrow(), '09:00', ZONE);
    const p = await patient(['09:00'], { heardAt: at - MIN });
    await t.db.updateTable('profiles').set({ language: 'de' }).where('id', '=', p.profileId).execute();
    await service().tick(at);
    expect(mailsTo(p.user.email).map((m) => m.subject)).toEqual(['DoseDot: Zeit für Ihre Einnahme um 09:00']);
  });

  it('snoozes a pending dose and reminds again when the snooze ends; refuses a bad snooze naming the field', async () => {
    const now = Date.now();
    // A dose ten minutes ago (whole minutes, in the patient's zone).
    const at = Math.floor((now - 10 * MIN) / MIN) * MIN;
    const p = await patient([localClock(at, ZONE)], { heardAt: now - MIN });
    await t.db
      .updateTable('medicines')
      .set({ start_date: addDays(chartDayOf(at, ZONE), -1) })
      .where('id', '=', p.medicine.id)
      .execute();
    await service().tick(now);
    expect(mailsTo(p.user.email)).toHaveLength(0); // before the settings were switched on
    await t.db
      .updateTable('reminder_settings')
      .set({ enabled_at: at - MIN })
      .where('profile_id', '=', p.profileId)
      .execute();
    await service().tick(now);
    expect(mailsTo(p.user.email)).toHaveLength(1);
    const snooze = (data: object) =>
      t.app.inject({ method: 'POST', url: '/api/reminders/snooze', headers: p.auth, payload: { data } });
    for (const [data, field] of [
      [{ scheduled_at: new Date(at).toISOString(), minutes: 15 }, 'data.minutes'],
      [{ scheduled_at: new Date(at + MIN).toISOString(), minutes: 10 }, 'scheduled_at'],
      [{ scheduled_at: 'soon', minutes: 10 }, 'data.scheduled_at'],
    ] as const) {
      const res = await snooze(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    }
    const res = await snooze({ scheduled_at: new Date(at).toISOString(), minutes: 10 });
    expect(res.statusCode).toBe(200);
    const until = Date.parse(res.json().data.until);
    expect(until).toBeGreaterThanOrEqual(now + 10 * MIN);
    await service().tick(until - MIN);
    expect(mailsTo(p.user.email)).toHaveLength(1);
    await service().tick(until);
    expect(mailsTo(p.user.email)).toHaveLength(2);
    await service().tick(until + MIN);
    expect(mailsTo(p.user.email)).toHaveLength(2);
  });

  it('sends a notification whose sender stopped before sending it, once, and tries a failed one again', async () => {
    const at = localToUtc(tomorrow(), '10:00', ZONE);
    const p = await patient(['10:00'], { heardAt: at - MIN });
    const tried: string[] = [];
    const failing: Mailer = {
      send: async (mail) => {
        tried.push(mail.to);
        throw new Error('SMTP is down');
      },
      close: () => {},
    };
    await service(t.db, failing).tick(at);
    expect(tried.filter((to) => to === p.user.email)).toHaveLength(1);
    const row = await t.db
      .selectFrom('notifications')
      .select(['attempts', 'last_error', 'sent_at'])
      .where('profile_id', '=', p.profileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: 'SMTP is down', sent_at: null });
    // Within its claim nobody sends it; after it, the next tick does, once.
    await service().tick(at + MIN);
    expect(mailsTo(p.user.email)).toHaveLength(0);
    await service().tick(at + 3 * MIN);
    await service().tick(at + 6 * MIN);
    expect(mailsTo(p.user.email)).toHaveLength(1);
  });

  it('sends each notification once when two server copies tick at the same time', async () => {
    const at = localToUtc(tomorrow(), '07:30', ZONE);
    const patients = await Promise.all([1, 2, 3].map(() => patient(['07:30'], { heardAt: at - MIN })));
    // A second copy: its own connection to the same database.
    const other = createDb(t.config.database);
    try {
      const second = memoryMailer();
      await Promise.all([
        service().tick(at),
        service(other, second).tick(at),
        service().tick(at),
        service(other, second).tick(at),
      ]);
      for (const p of patients) {
        const got = mailsTo(p.user.email, [...mailer.sent, ...second.sent]);
        expect(got, p.user.email).toHaveLength(1);
      }
    } finally {
      await other.destroy();
    }
  });

  it('lets nobody else read or change a patient’s reminders', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const asA = { ...b.auth, 'x-imp-user-id': String(a.user.id) };
    expect((await t.app.inject({ url: '/api/reminders/settings', headers: asA })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reminders/notifications', headers: asA })).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: asA,
      payload: {
        data: {
          email: true,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 60,
          caregiverDelayMinutes: 60,
        },
      },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reminders/settings', headers: a.auth })).json().data.email).toBe(
      false,
    );
  });
});
