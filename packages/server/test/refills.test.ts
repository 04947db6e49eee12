import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays, localToUtc } from '@dosedot/domain/time';
import { describe, expect, it, vi } from 'vitest';
import { createReminderService } from '../src/features/reminders';
import { ENGINES, enteredAt, memoryMailer, registerUser, useTestApp } from './context';

/*
 * Refills (issue 26 item 6): a medicine's stock and amount per intake on the medicine form, what is
 * left worked out from the intakes since the stock was counted (GET /api/medicines/stock), and one
 * refill reminder per stock setting through the scheduler's notifications ledger.
 */

// The scheduler's tick works out every enabled patient of the file's database.
vi.setConfig({ testTimeout: 60_000 });
const ZONE = 'Europe/Berlin';
const silentLog = { warn() {}, error() {}, info() {} } as never;
type Auth = { authorization: string };

describe.each(ENGINES)('refills on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, { mailer });

  const add = (auth: Auth, data: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/medicine/assignMedicine', headers: auth, payload: { data } });
  const edit = (auth: Auth, data: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/medicine/editMedicineRecord',
      headers: auth,
      payload: { data },
    });
  const stock = async (auth: Auth) => {
    const res = await t.app.inject({ url: '/api/medicines/stock', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      medicineId: number;
      left: number;
      daysLeft: number | null;
      perIntake: number;
    }[];
  };
  /** E-mail reminders on, with these refill days. */
  const remindersOn = (auth: Auth, refillDays: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: auth,
      payload: {
        data: {
          email: true,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 60,
          caregiverDelayMinutes: 60,
          refillDays,
        },
      },
    });
  const fields = (res: { json: () => { error: { details: { errors: { path: string[] }[] } } } }) =>
    res.json().error.details.errors.map((e) => e.path.join('.'));

  /** A patient in Berlin with a medicine at 08:00 and 20:00 since three days ago. */
  async function patientWithMedicine(extra: Record<string, unknown> = {}) {
    const patient = await registerUser(t.app);
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', patient.user.id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('profiles').set({ timezone: ZONE }).where('id', '=', profile.id).execute();
    const today = chartDayOf(Date.now(), ZONE);
    const res = await add(patient.auth, {
      name: 'Stockol',
      start_date: addDays(today, -3),
      dosage_times: ['08:00', '20:00'],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { patient, profileId: profile.id, medicine: res.json().data.id as number, today };
  }

  it('401 without a session; 400 naming the field of a bad stock or amount, nothing written', async () => {
    expect((await t.app.inject({ url: '/api/medicines/stock' })).statusCode).toBe(401);
    const { patient, medicine } = await patientWithMedicine();
    for (const [data, field] of [
      [{ stock: -1 }, 'data.stock'],
      [{ stock: 100_001 }, 'data.stock'],
      [{ stock: '12' }, 'data.stock'],
      [{ per_intake: 0 }, 'data.per_intake'],
      [{ per_intake: 1001 }, 'data.per_intake'],
    ] as const) {
      const created = await add(patient.auth, { name: 'Bad', start_date: '2026-11-01', ...data });
      expect(created.statusCode, JSON.stringify(data)).toBe(400);
      expect(fields(created)).toContain(field);
      const changed = await edit(patient.auth, { id: medicine, ...data });
      expect(changed.statusCode, JSON.stringify(data)).toBe(400);
      expect(fields(changed)).toContain(field);
    }
    const list = (await t.app.inject({ url: '/api/medicines', headers: patient.auth })).json().data;
    expect(list.map((m: { name: string; stock: number | null }) => [m.name, m.stock])).toEqual([
      ['Stockol', null],
    ]);
    expect(await stock(patient.auth)).toEqual([]);
    // The refill days of the reminder settings: a whole number from 1 to 60.
    const settings = await remindersOn(patient.auth, 0);
    expect(settings.statusCode).toBe(400);
    expect(fields(settings)).toContain('data.refillDays');
  });

  it('draws the stock down by the intakes since it was counted, and says how many days are left', async () => {
    const { patient, medicine, today } = await patientWithMedicine();
    const set = await edit(patient.auth, { id: medicine, stock: 20, per_intake: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ stock: 20, per_intake: 2, stock_at: expect.any(String) });
    // Counted two days ago at noon: the 08:00 dose of that day came before, the three after draw.
    const d2 = addDays(today, -2);
    const d1 = addDays(today, -1);
    await t.db
      .updateTable('medicines')
      .set({ stock_at: localToUtc(d2, '12:00', ZONE) })
      .where('id', '=', medicine)
      .execute();
    for (const [day, time] of [
      [d2, '08:00'],
      [d2, '20:00'],
      [d1, '08:00'],
      [d1, '20:00'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/medicine-intakes',
        headers: patient.auth,
        payload: { data: { medicine, scheduled_at: new Date(localToUtc(day, time, ZONE)).toISOString() } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // 20 − 3 intakes × 2 = 14 units; 2 intakes of 2 a day: 3 whole days.
    expect(await stock(patient.auth)).toEqual([
      expect.objectContaining({ medicineId: medicine, left: 14, perIntake: 2, daysLeft: 3 }),
    ]);
    // An as-needed medicine: its own amounts draw, and no days to go by.
    const asNeeded = await add(patient.auth, { name: 'Needol', type: 2, start_date: d2, stock: 10 });
    expect(asNeeded.statusCode, asNeeded.body).toBe(200);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/medicine-intakes',
      headers: patient.auth,
      payload: { data: { medicine: asNeeded.json().data.id, amount: 3 } },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await stock(patient.auth)).toEqual([
      expect.objectContaining({ medicineId: medicine, left: 14 }),
      expect.objectContaining({ medicineId: asNeeded.json().data.id, left: 7, perIntake: 1, daysLeft: null }),
    ]);
  });

  it('sends one refill reminder per stock setting when fewer than the refill days remain', async () => {
    const { patient, profileId, medicine } = await patientWithMedicine({ stock: 12 });
    await enteredAt(t.db, medicine, Date.now() - 3 * 86_400_000);
    const on = await remindersOn(patient.auth, 10);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.refillDays).toBe(10);
    const service = createReminderService({
      db: t.db,
      mailer,
      appUrl: 'https://dosedot.test',
      log: silentLog,
    });
    const refills = () =>
      mailer.sent.filter((m) => m.to === patient.user.email.toLowerCase() && m.subject.includes('refill'));
    // 12 units at 2 a day: 6 days, fewer than 10.
    await service.tick();
    await service.tick();
    expect(refills().map((m) => m.subject)).toEqual(['DoseDot: time to refill Stockol']);
    const listed = await service.notifications(profileId, 1, 25);
    expect(listed.data.filter((n) => n.kind === 'refill')).toHaveLength(1);
    // A new count of 40 (20 days): nothing more; down to 8 again later, one more reminder.
    expect((await edit(patient.auth, { id: medicine, stock: 40 })).statusCode).toBe(200);
    await service.tick();
    expect(refills()).toHaveLength(1);
    expect((await edit(patient.auth, { id: medicine, stock: 8 })).statusCode).toBe(200);
    await service.tick();
    expect(refills()).toHaveLength(2);
  });
});
