import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays, localToUtc } from '@dosedot/domain/time';
import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

type Auth = { authorization: string };
const ZONE = 'Europe/Berlin';
const at = (date: string, time: string) => localToUtc(date, time, ZONE);
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const fieldsOf = (res: { json: () => unknown }) =>
  (
    (res.json() as { error: { details: { errors?: { path: (string | number)[]; message: string }[] } } })
      .error.details.errors ?? []
  ).map((e) => [e.path.join('.'), e.message]);

interface Day {
  date: string;
  taken: number;
  byHand: number;
  notTracked: number;
  missed: number;
  due: number;
  intakes: { scheduledAt: string; status: string; doses: { medicineId: number; status: string }[] }[];
  manual: {
    id: number;
    medicineId: number;
    takenAt: string;
    amount: number | null;
    scheduledAt: string | null;
  }[];
}

/**
 * Intakes entered by hand (issue 23 items 2 and 3): POST /api/medicine-intakes and
 * DELETE /api/medicine-intakes/{id}, behind the door; what the adherence and a medicine's history
 * make of them; and doses before tracking started, 'not tracked'.
 */
describe.each(ENGINES)('intakes entered by hand on %s', (engine) => {
  const t = useTestApp(engine);
  const today = chartDayOf(Date.now(), ZONE);
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const addMedicine = async (auth: Auth, data: object) =>
    (await call('POST', '/api/medicine/assignMedicine', auth, { data })).json().data as { id: number };
  const addIntake = (auth: Record<string, string>, data: object) =>
    call('POST', '/api/medicine-intakes', auth, { data });
  const manualCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('manual_intakes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const adherence = async (auth: Record<string, string>, from: string, to: string) =>
    (await call('GET', `/api/adherence?from=${from}&to=${to}`, auth)).json().data as {
      days: Day[];
      totals: Omit<Day, 'date' | 'intakes' | 'manual'>;
    };
  const asNeeded = (auth: Auth) =>
    addMedicine(auth, { name: 'Ibuprofen', type: 2, start_date: addDays(today, -3), dosage_times: [] });
  /** A scheduled medicine entered `enteredDaysAgo` days ago (its created_at set back, as if entered then). */
  const scheduled = async (auth: Auth, start: string, time = '08:00', enteredAt: number | null = null) => {
    const m = await addMedicine(auth, { name: 'Metformin', start_date: start, dosage_times: [time] });
    if (enteredAt !== null)
      await t.db.updateTable('medicines').set({ created_at: enteredAt }).where('id', '=', m.id).execute();
    return m;
  };

  it('answers 401 without a token and writes nothing', async () => {
    expect((await addIntake({}, { medicine: 1 })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/medicine-intakes/1', {})).statusCode).toBe(401);
    expect(await manualCount()).toBe(0);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const { auth } = await registerUser(t.app);
    const ibuprofen = await asNeeded(auth);
    const metformin = await scheduled(auth, addDays(today, -3));
    const before = await manualCount();
    const cases: [object, string, string | undefined][] = [
      [{}, 'data.medicine', 'This field is required'],
      [{ medicine: 999_999 }, 'data.medicine', 'Medicine not found'],
      [{ medicine: ibuprofen.id, amount: 0 }, 'data.amount', 'Must be a positive number'],
      [{ medicine: ibuprofen.id, amount: -1 }, 'data.amount', 'Must be a positive number'],
      [{ medicine: ibuprofen.id, amount: '2' }, 'data.amount', 'Must be a positive number'],
      [{ medicine: ibuprofen.id, taken_at: 'yesterday' }, 'data.taken_at', undefined],
      [
        { medicine: ibuprofen.id, taken_at: iso(Date.now() + 30 * MIN) },
        'data.taken_at',
        'The time lies in the future',
      ],
      [
        { medicine: ibuprofen.id, taken_at: iso(at(addDays(today, -4), '12:00')) },
        'data.taken_at',
        "The time is before the medicine's start date",
      ],
      [{ medicine: ibuprofen.id, scheduled_at: iso(at(today, '08:00')) }, 'data.scheduled_at', undefined],
      [{ medicine: ibuprofen.id, color: 'red' }, 'data.color', 'Unknown field: color'],
      [{ medicine: metformin.id }, 'data.scheduled_at', 'This field is required'],
      [
        { medicine: metformin.id, scheduled_at: iso(at(addDays(today, -1), '08:30')) },
        'data.scheduled_at',
        'No dose of this medicine is scheduled at this time',
      ],
      [
        { medicine: metformin.id, scheduled_at: iso(at(addDays(today, 2), '08:00')) },
        'data.scheduled_at',
        'The time lies in the future',
      ],
    ];
    for (const [data, field, message] of cases) {
      const res = await addIntake(auth, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      const fields = fieldsOf(res);
      expect(
        fields.map(([f]) => f),
        JSON.stringify(data),
      ).toContain(field);
      if (message) expect(fields).toContainEqual([field, message]);
    }
    expect(await manualCount()).toBe(before);
    expect((await call('DELETE', '/api/medicine-intakes/abc', auth)).statusCode).toBe(400);
  });

  it("keeps another patient's medicine and intakes out of reach (403 naming them, 400/404 by id)", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const ibuprofen = await asNeeded(owner.auth);
    const mine = (await addIntake(owner.auth, { medicine: ibuprofen.id })).json().data;
    const before = await manualCount();
    // Naming the owner through the door: 403, nothing read or written.
    const named = { ...other.auth, 'x-imp-user-id': String(owner.user.id) };
    expect((await addIntake(named, { medicine: ibuprofen.id })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/medicine-intakes/${mine.id}`, named)).statusCode).toBe(403);
    // Their own door: the owner's medicine and intake are not found.
    const res = await addIntake(other.auth, { medicine: ibuprofen.id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContainEqual(['data.medicine', 'Medicine not found']);
    expect((await call('DELETE', `/api/medicine-intakes/${mine.id}`, other.auth)).statusCode).toBe(404);
    expect(await manualCount()).toBe(before);
  });

  it("records 'I took one' of an as-needed medicine: in its history and the day's manual list, no scheduled dose", async () => {
    const { auth, user } = await registerUser(t.app);
    const ibuprofen = await asNeeded(auth);
    const before = await adherence(auth, today, today);
    const now = await addIntake(auth, { medicine: ibuprofen.id, amount: 2 });
    expect(now.statusCode).toBe(200);
    const intake = now.json().data;
    expect(intake).toMatchObject({
      medicineId: ibuprofen.id,
      amount: 2,
      scheduledAt: null,
      enteredBy: user.id,
      enteredBySelf: true,
    });
    expect(Math.abs(Date.parse(intake.takenAt) - Date.now())).toBeLessThan(MIN);
    // At a chosen time, without an amount (a few minutes ahead of the server's clock is allowed).
    const chosen = at(addDays(today, -1), '15:30');
    const earlier = await addIntake(auth, { medicine: ibuprofen.id, taken_at: iso(chosen) });
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json().data).toMatchObject({ takenAt: iso(chosen), amount: null });
    expect(
      (await addIntake(auth, { medicine: ibuprofen.id, taken_at: iso(Date.now() + 2 * MIN) })).statusCode,
    ).toBe(200);

    const history = (
      await call(
        'GET',
        `/api/medicine-schedule/medicine/${ibuprofen.id}?from=${addDays(today, -1)}&to=${today}`,
        auth,
      )
    ).json().data;
    expect(history.history).toEqual([]);
    expect(history.manual.map((m: { takenAt: string }) => m.takenAt)).toHaveLength(3);
    expect(history.manual[2]).toMatchObject({ takenAt: iso(chosen), scheduledAt: null });
    // Not a scheduled dose: the tallies are those of before.
    const after = await adherence(auth, today, today);
    expect(after.totals).toEqual(before.totals);
    expect(after.days[0]?.manual.map((m) => m.id)).toContain(intake.id);
  });

  it('confirms a dose without a press by hand: by_hand, counted apart from the box, undone by deleting', async () => {
    const { auth } = await registerUser(t.app);
    const start = addDays(today, -2);
    const metformin = await scheduled(auth, start, '08:00', at(addDays(start, -1), '12:00'));
    const first = iso(at(start, '08:00'));
    const before = await adherence(auth, start, start);
    expect(before.days[0]?.intakes[0]?.status).toBe('missed');

    const res = await addIntake(auth, { medicine: metformin.id, scheduled_at: first });
    expect(res.statusCode).toBe(200);
    // Taken at the dose's time when none is given (a past dose, back-filled).
    expect(res.json().data).toMatchObject({ scheduledAt: first, takenAt: first });
    expect((await addIntake(auth, { medicine: metformin.id, scheduled_at: first })).statusCode).toBe(400);

    const { days, totals } = await adherence(auth, start, start);
    expect(days[0]?.intakes[0]).toMatchObject({
      status: 'by_hand',
      doses: [{ medicineId: metformin.id, status: 'by_hand' }],
    });
    expect(days[0]).toMatchObject({ taken: 0, byHand: 1, missed: 0, due: 1, adherence: 1 });
    expect(totals).toMatchObject({ taken: 0, byHand: 1 });
    const history = (
      await call('GET', `/api/medicine-schedule/medicine/${metformin.id}?from=${start}&to=${start}`, auth)
    ).json().data;
    expect(history.history[0]).toMatchObject({ status: 'by_hand' });

    const removed = await call('DELETE', `/api/medicine-intakes/${res.json().data.id}`, auth);
    expect(removed.statusCode).toBe(200);
    expect((await adherence(auth, start, start)).days[0]).toMatchObject({ byHand: 0, missed: 1 });
    expect((await call('DELETE', `/api/medicine-intakes/${res.json().data.id}`, auth)).statusCode).toBe(404);
  });

  it('confirms a dose by hand once when it is confirmed from two places at the same moment', async () => {
    // The reminder's 'I took it' and the page's button, or two phones: one row, the others refused,
    // so the patient's undo leaves the dose unconfirmed.
    const { auth } = await registerUser(t.app);
    const start = addDays(today, -2);
    const metformin = await scheduled(auth, start, '08:00', at(addDays(start, -1), '12:00'));
    const dose = iso(at(start, '08:00'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => addIntake(auth, { medicine: metformin.id, scheduled_at: dose })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const rows = await t.db
      .selectFrom('manual_intakes')
      .select('id')
      .where('medicine_id', '=', metformin.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('gives not tracked, never missed, to the doses before the medicine was entered, and lets them be back-filled', async () => {
    const { auth } = await registerUser(t.app);
    const start = addDays(today, -10);
    const metformin = await scheduled(auth, start, '08:00');
    const { days, totals } = await adherence(auth, start, addDays(today, -1));
    expect(days.flatMap((d) => d.intakes.map((i) => i.status))).toEqual(Array(10).fill('not_tracked'));
    expect(totals).toMatchObject({ scheduled: 10, notTracked: 10, missed: 0, due: 0, adherence: null });

    const filled = await addIntake(auth, { medicine: metformin.id, scheduled_at: iso(at(start, '08:00')) });
    expect(filled.statusCode).toBe(200);
    const after = await adherence(auth, start, addDays(today, -1));
    expect(after.days[0]?.intakes[0]?.status).toBe('by_hand');
    expect(after.totals).toMatchObject({ notTracked: 9, byHand: 1, missed: 0, due: 1, adherence: 1 });
  });

  it('tracks from when the box became the patient’s when that is later than the entry', async () => {
    const { auth, user } = await registerUser(t.app);
    const start = addDays(today, -4);
    await scheduled(auth, start, '08:00', at(addDays(start, -1), '12:00'));
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const sensor = await t.db
      .insertInto('sensors')
      .values({
        deveui: `B0C5${Date.now().toString(16).slice(-12)}`.toUpperCase(),
        device_profile: 'dosedot-box',
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sensor_assignments')
      .values({
        sensor_id: sensor.id,
        profile_id: profile.id,
        assigned_from: at(addDays(start, 2), '12:00'),
        assigned_to: null,
        assigned_by: null,
      })
      .execute();
    const { days } = await adherence(auth, start, addDays(start, 3));
    expect(days.map((d) => d.intakes[0]?.status)).toEqual([
      'not_tracked',
      'not_tracked',
      'not_tracked',
      'missed',
    ]);
  });

  it('records who entered it: an administrator acting for the patient, in the access log', async () => {
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app);
    const profile = (await call('GET', '/api/profile/userdata', patient.auth)).json();
    expect(
      (
        await call('POST', '/api/impersonation', admin.auth, {
          data: { profileuid: profile.profileuid, reason: 'Phone call' },
        })
      ).statusCode,
    ).toBe(200);
    const ibuprofen = await asNeeded(patient.auth);
    const imp = { ...admin.auth, 'x-imp-user-id': String(patient.user.id) };
    const res = await addIntake(imp, { medicine: ibuprofen.id, amount: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ enteredBy: admin.user.id, enteredBySelf: false });
    expect((await call('DELETE', `/api/medicine-intakes/${res.json().data.id}`, imp)).statusCode).toBe(200);
    const log = (await call('GET', '/api/profile/access-log?pagination[pageSize]=10', patient.auth)).json()
      .data as { action: string }[];
    expect(log.slice(0, 2).map((e) => e.action)).toEqual([
      'impersonation.remove_intake',
      'impersonation.add_intake',
    ]);
  });
});
