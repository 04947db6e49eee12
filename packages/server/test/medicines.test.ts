import { describe, expect, it } from 'vitest';
import { count, ENGINES, registerUser, useTestApp } from './context';

type Auth = { authorization: string };
const fieldsOf = (res: { json: () => unknown }) =>
  (
    (res.json() as { error: { details: { errors?: { path: (string | number)[]; message: string }[] } } })
      .error.details.errors ?? []
  ).map((e) => [e.path.join('.'), e.message]);

const metformin = {
  name: 'Metformin',
  type: 1,
  strength: '500 mg',
  galenic_form: 'tablet',
  description: 'With meals',
  start_date: '2026-11-01',
  end_date: null,
  dosage_times: ['19:00', '08:00'],
};

describe.each(ENGINES)('medicines and schedules on %s', (engine) => {
  const t = useTestApp(engine);
  const add = (auth: Auth, data: object) =>
    t.app.inject({ method: 'POST', url: '/api/medicine/assignMedicine', headers: auth, payload: { data } });

  it('answers 401 to every call without a token and writes nothing', async () => {
    const calls = [
      { method: 'GET', url: '/api/medicines' },
      { method: 'POST', url: '/api/medicine/assignMedicine', payload: { data: metformin } },
      { method: 'POST', url: '/api/medicine/editMedicineRecord', payload: { data: { id: 1 } } },
      { method: 'DELETE', url: '/api/medicines/1' },
      {
        method: 'POST',
        url: '/api/medicine-schedules',
        payload: { data: { dosage_time: '08:00', medicine: 1 } },
      },
      { method: 'DELETE', url: '/api/medicine-schedules/1' },
      { method: 'GET', url: '/api/medicine-schedules/profile' },
    ] as const;
    for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(401);
  });

  it.each([
    [{ ...metformin, name: '' }, 'data.name', 'This field is required'],
    [{ ...metformin, name: undefined }, 'data.name', 'This field is required'],
    [{ ...metformin, galenic_form: 'gummy' }, 'data.galenic_form', undefined],
    [
      { ...metformin, strength: 'lots' },
      'data.strength',
      'Enter an amount, with a unit or none, for example 500 mg',
    ],
    [{ ...metformin, strength: '500 spoons' }, 'data.strength', undefined],
    [
      { ...metformin, start_date: '2026-12-01', end_date: '2026-11-30' },
      'data.end_date',
      'The start date is greater than the end date',
    ],
    [{ ...metformin, start_date: '01.11.2026' }, 'data.start_date', undefined],
    [{ ...metformin, dosage_times: ['25:00'] }, 'data.dosage_times.0', undefined],
    [
      { ...metformin, dosage_times: ['08:00', '08:00:00.000'] },
      'data.dosage_times',
      'This dosage time is already scheduled',
    ],
    [{ ...metformin, color: 'red' }, 'data.color', 'Unknown field: color'],
  ])('refuses a bad medicine, naming the field (%#), and writes nothing', async (data, field, message) => {
    const { auth } = await registerUser(t.app);
    const res = await add(auth, data);
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res);
    expect(fields.map(([f]) => f)).toContain(field);
    if (message) expect(fields).toContainEqual([field, message]);
    expect((await t.app.inject({ url: '/api/medicines', headers: auth })).json().data).toEqual([]);
  });

  it('adds a scheduled medicine with its dosage times in the API form, in order of the day', async () => {
    const { auth } = await registerUser(t.app);
    const res = await add(auth, metformin);
    expect(res.statusCode).toBe(200);
    const medicine = res.json().data;
    expect(medicine).toMatchObject({
      name: 'Metformin',
      type: 1,
      strength: '500 mg',
      galenic_form: 'tablet',
      start_date: '2026-11-01',
      end_date: null,
      dosage_times: ['08:00:00.000', '19:00:00.000'],
    });
    const schedule = (await t.app.inject({ url: '/api/medicine-schedules/profile', headers: auth })).json();
    expect(
      schedule.data.schedule.map((s: { dosage_time: string; medicine: { name: string } }) => [
        s.dosage_time,
        s.medicine.name,
      ]),
    ).toEqual([
      ['08:00:00.000', 'Metformin'],
      ['19:00:00.000', 'Metformin'],
    ]);
  });

  it('keeps an as-needed medicine without dosage times and lists each type on its own', async () => {
    const { auth } = await registerUser(t.app);
    await add(auth, metformin);
    const prn = await add(auth, {
      name: 'Ibuprofen',
      type: 2,
      start_date: '2026-11-01',
      dosage_times: ['08:00'],
    });
    expect(prn.json().data).toMatchObject({ type: 2, dosage_times: [] });
    const type2 = (await t.app.inject({ url: '/api/medicines?type=2', headers: auth })).json().data;
    expect(type2.map((m: { name: string }) => m.name)).toEqual(['Ibuprofen']);
    const type1 = (await t.app.inject({ url: '/api/medicines?type=1', headers: auth })).json().data;
    expect(type1.map((m: { name: string }) => m.name)).toEqual(['Metformin']);
    expect((await t.app.inject({ url: '/api/medicines?type=3', headers: auth })).statusCode).toBe(400);
  });

  it('adds an as-needed medicine without any dosage time, and a strength without a unit', async () => {
    const { auth } = await registerUser(t.app);
    const prn = await add(auth, { name: 'Paracetamol', type: 2, start_date: '2026-11-01', strength: '500' });
    expect(prn.statusCode).toBe(200);
    expect(prn.json().data).toMatchObject({
      name: 'Paracetamol',
      type: 2,
      strength: '500',
      dosage_times: [],
    });
    const drops = await add(auth, { ...metformin, name: 'Vitamin D', strength: '2,5', dosage_times: [] });
    expect(drops.statusCode).toBe(200);
    expect(drops.json().data).toMatchObject({ strength: '2,5', dosage_times: [] });
    const { id } = prn.json().data;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/editMedicineRecord',
      headers: auth,
      payload: { data: { id, strength: '1000' } },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.strength).toBe('1000');
    const names = (await t.app.inject({ url: '/api/medicines?type=2', headers: auth })).json().data;
    expect(names.map((m: { name: string; strength: string }) => [m.name, m.strength])).toEqual([
      ['Paracetamol', '1000'],
    ]);
  });

  it('edits the given fields and replaces the dosage times when they are given', async () => {
    const { auth } = await registerUser(t.app);
    const { id } = (await add(auth, metformin)).json().data;
    const edit = (data: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/medicine/editMedicineRecord',
        headers: auth,
        payload: { data: { id, ...data } },
      });
    const res = await edit({ strength: '850 mg', dosage_times: ['08:00', '12:30'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Metformin',
      strength: '850 mg',
      dosage_times: ['08:00:00.000', '12:30:00.000'],
    });
    const bad = await edit({ end_date: '2026-10-01' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContainEqual(['data.end_date', 'The start date is greater than the end date']);
    expect((await t.app.inject({ url: '/api/medicines', headers: auth })).json().data[0].end_date).toBeNull();
  });

  it('adds and deletes a single schedule; a duplicate time is refused', async () => {
    const { auth } = await registerUser(t.app);
    const { id } = (await add(auth, { ...metformin, dosage_times: ['08:00'] })).json().data;
    const post = (dosage_time: string, medicine = id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/medicine-schedules',
        headers: auth,
        payload: { data: { dosage_time, medicine } },
      });
    const created = await post('21:00:00.000');
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ dosage_time: '21:00:00.000', medicine: id });
    const dup = await post('08:00');
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup)).toContainEqual(['data.dosage_time', 'This dosage time is already scheduled']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/medicine-schedules/${created.json().data.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/medicines', headers: auth })).json().data;
    expect(list[0].dosage_times).toEqual(['08:00:00.000']);
  });

  it('answers 404 for another patient’s medicine and schedule, and changes nothing of theirs', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const medicine = (await add(owner.auth, metformin)).json().data;
    const scheduleId = medicine.schedules[0].id;
    const tries = [
      {
        method: 'POST',
        url: '/api/medicine/editMedicineRecord',
        payload: { data: { id: medicine.id, name: 'Hacked' } },
      },
      { method: 'DELETE', url: `/api/medicines/${medicine.id}` },
      { method: 'DELETE', url: `/api/medicine-schedules/${scheduleId}` },
    ] as const;
    for (const call of tries)
      expect((await t.app.inject({ ...call, headers: other.auth })).statusCode).toBe(404);
    const schedule = await t.app.inject({
      method: 'POST',
      url: '/api/medicine-schedules',
      headers: other.auth,
      payload: { data: { dosage_time: '10:00', medicine: medicine.id } },
    });
    expect(schedule.statusCode).toBe(400);
    expect(fieldsOf(schedule)).toContainEqual(['data.medicine', 'Medicine not found']);
    const mine = (await t.app.inject({ url: '/api/medicines', headers: owner.auth })).json().data;
    expect(mine).toEqual([medicine]);
  });

  it('deletes a medicine with its schedules', async () => {
    const { auth } = await registerUser(t.app);
    const { id } = (await add(auth, metformin)).json().data;
    const before = await count(t.db, 'medicine_schedules');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/medicines/${id}`, headers: auth });
    expect(res.json()).toEqual({ data: { id } });
    expect(await count(t.db, 'medicine_schedules')).toBe(before - 2);
    expect((await t.app.inject({ url: '/api/medicines', headers: auth })).json().data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/medicines/${id}`, headers: auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/medicines/abc', headers: auth })).statusCode,
    ).toBe(400);
  });
});
