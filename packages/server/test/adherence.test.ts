import { localToUtc } from '@dosedot/domain/time';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { ENGINES, enteredAt, giveBox, registerUser, useTestApp } from './context';

const ZONE = 'Europe/Berlin';
const at = (date: string, time: string) => localToUtc(date, time, ZONE);

/** A box of the user's profile, theirs from `from` until `to`, with presses at the given instants. */
async function boxWithPresses(db: Db, userId: number, presses: number[], from = 0, to: number | null = null) {
  const sensorId = await giveBox(db, userId, { from, to });
  if (presses.length > 0)
    await db
      .insertInto('button_presses')
      .values(presses.map((pressed_at) => ({ sensor_id: sensorId, uplink_id: null, pressed_at })))
      .execute();
  return sensorId;
}

describe.each(ENGINES)('adherence on %s', (engine) => {
  const t = useTestApp(engine);
  const addMedicine = async (auth: { authorization: string }, data: object) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/medicine/assignMedicine',
        headers: auth,
        payload: { data },
      })
    ).json().data;

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/adherence' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/medicine-schedule/medicine/1' })).statusCode).toBe(401);
  });

  it.each([
    ['from=2026-11-05&to=2026-11-01', 'to'],
    ['from=05.11.2026', 'from'],
    ['from=2025-01-01&to=2026-11-01', 'from'],
    ['days=3', 'days'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const { auth } = await registerUser(t.app);
    const res = await t.app.inject({ url: `/api/adherence?${query}`, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(field);
  });

  it('matches the presses of the patient’s box to the dosage times, per chart day', async () => {
    const { auth, user } = await registerUser(t.app);
    const metformin = await addMedicine(auth, {
      name: 'Metformin',
      start_date: '2026-11-02',
      dosage_times: ['08:00', '20:00'],
    });
    await enteredAt(t.db, metformin.id, at('2026-11-01', '12:00'));
    await boxWithPresses(t.db, user.id, [
      at('2026-11-02', '08:10'),
      at('2026-11-02', '08:10') + 20_000, // a double press, merged
      at('2026-11-02', '21:40'),
      at('2026-11-03', '08:00') - 45 * 60_000,
      at('2026-11-03', '14:00'), // nothing due within 4 hours: unmatched, kept
    ]);
    const res = await t.app.inject({ url: '/api/adherence?from=2026-11-02&to=2026-11-03', headers: auth });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ timezone: ZONE, from: '2026-11-02', to: '2026-11-03' });
    const [d1, d2] = data.days;
    expect(
      d1.intakes.map((i: { status: string; band: string; deltaMinutes: number }) => [
        i.status,
        i.band,
        i.deltaMinutes,
      ]),
    ).toEqual([
      ['taken', 'on_time', 10],
      ['taken', 'about_1h', 100],
    ]);
    expect(d1).toMatchObject({ taken: 2, due: 2, adherence: 1, onTimeRate: 0.5, unmatched: [] });
    expect(d2.intakes.map((i: { status: string; band: string | null }) => [i.status, i.band])).toEqual([
      ['taken', 'about_1h'],
      ['missed', null],
    ]);
    expect(d2.unmatched).toEqual([new Date(at('2026-11-03', '14:00')).toISOString()]);
    expect(data.totals).toMatchObject({ taken: 3, missed: 1, due: 4, adherence: 0.75, unmatched: 1 });
    expect(data.byMedicine).toEqual([
      expect.objectContaining({ medicineId: metformin.id, taken: 3, missed: 1 }),
    ]);
  });

  it('counts only presses from while the box was the patient’s', async () => {
    const { auth, user } = await registerUser(t.app);
    const ramipril = await addMedicine(auth, {
      name: 'Ramipril',
      start_date: '2026-11-02',
      dosage_times: ['08:00'],
    });
    await enteredAt(t.db, ramipril.id, at('2026-11-01', '12:00'));
    // Theirs only on 3 November; presses on the 2nd and the 4th belong to someone else's time. The
    // dose of the 2nd, before the box became theirs, is not tracked; the 4th's, after, is missed.
    await boxWithPresses(
      t.db,
      user.id,
      [at('2026-11-02', '08:00'), at('2026-11-03', '08:05'), at('2026-11-04', '08:00')],
      at('2026-11-03', '03:00'),
      at('2026-11-04', '03:00'),
    );
    const { data } = (
      await t.app.inject({ url: '/api/adherence?from=2026-11-02&to=2026-11-04', headers: auth })
    ).json();
    expect(
      data.days.map((d: { taken: number; missed: number; notTracked: number }) => [
        d.taken,
        d.missed,
        d.notTracked,
      ]),
    ).toEqual([
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ]);
  });

  it('gives a medicine’s history newest first, and 404 for another patient’s medicine', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const m = await addMedicine(owner.auth, {
      name: 'Levothyroxine',
      start_date: '2026-11-02',
      end_date: '2026-11-03',
      dosage_times: ['07:00'],
    });
    await enteredAt(t.db, m.id, at('2026-11-01', '12:00'));
    await boxWithPresses(t.db, owner.user.id, [at('2026-11-03', '07:20')]);
    const res = await t.app.inject({ url: `/api/medicine-schedule/medicine/${m.id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.medicine).toMatchObject({ id: m.id, name: 'Levothyroxine' });
    expect(data.schedules).toEqual([
      expect.objectContaining({ dosage_time: '07:00:00.000', medicine: m.id }),
    ]);
    expect(data.history.map((i: { date: string; status: string }) => [i.date, i.status])).toEqual([
      ['2026-11-03', 'taken'],
      ['2026-11-02', 'missed'],
    ]);
    expect(
      (await t.app.inject({ url: `/api/medicine-schedule/medicine/${m.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
  });
});
