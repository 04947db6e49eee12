import { gzipSync } from 'node:zlib';
import { chartDayOf } from '@dosedot/domain/adherence';
import { decodeEmediplan, type ImportedPlan, MAX_INPUT_CHARS } from '@dosedot/domain/emediplan';
import { localToUtc } from '@dosedot/domain/time';
import { describe, expect, it, vi } from 'vitest';
import { ENGINES, makeAdmin, memoryMailer, registerUser, uniqueEmail, useTestApp } from './context';
import { SPEC_CHMED16A } from './emediplan-fixtures';

vi.setConfig({ testTimeout: 60_000 });
type Auth = Record<string, string>;

const SPEC_CODE = SPEC_CHMED16A;
const plan = () => {
  const decoded = decodeEmediplan(SPEC_CODE);
  if (!decoded.ok) throw new Error('the fixture does not decode');
  return decoded.plan;
};
const HEALTH_EMAIL = uniqueEmail('emediplan.health');
const FHIR_EMAIL = uniqueEmail('emediplan.fhir');
const BIRTH_EMAIL = uniqueEmail('emediplan.birth');
const gzipCode = (header: string, bytes: Buffer) => `${header}${gzipSync(bytes).toString('base64')}`;

/** What a plan says of its medicines, without the plan's own format and patient. */
const medicinesOf = (p: ImportedPlan) =>
  p.medicines.map((m) => ({ identifier: m.identifier, posology: m.posology }));

describe.each(ENGINES)('eMediplan import and export on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, {
    env: { HEALTH_DATA_EMAILS: `${HEALTH_EMAIL},${FHIR_EMAIL},${BIRTH_EMAIL}` },
    mailer,
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const preview = (auth: Auth, code: string) =>
    call('POST', '/api/emediplan/preview', auth, { data: { code } });
  const importPlan = (auth: Auth, data: object) => call('POST', '/api/emediplan/import', auth, { data });
  const medicines = async (auth: Auth) => (await call('GET', '/api/medicines', auth)).json().data as never[];
  const fieldsOf = (res: { json: () => unknown }) =>
    (
      res.json() as {
        error: { details: { errors?: { path: (string | number)[]; message: string; code?: string }[] } };
      }
    ).error.details.errors ?? [];

  it('answers 401 without a token', async () => {
    expect((await preview({}, SPEC_CODE)).statusCode).toBe(401);
    expect((await importPlan({}, { code: SPEC_CODE, lines: [{ index: 1 }] })).statusCode).toBe(401);
    expect((await call('GET', '/api/emediplan/export', {})).statusCode).toBe(401);
  });

  it('previews a plan: its lines, their types, and that it is someone else’s', async () => {
    const { auth } = await registerUser(t.app, { username: 'Pia Preview' });
    const res = await preview(auth, SPEC_CODE);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.match).toBe('different');
    expect(data.plan).toEqual(plan());
    // The first line has no doses at all ('D: [0,0,0,0]'): text, as needed; the others are scheduled.
    expect(data.types).toEqual([2, 1, 1, 1, 1, 1].slice(0, plan().medicines.length));
    // Each line's schedule in words, in the patient's language.
    expect(data.words[1]).toEqual(['Every day: 1\u00a0STK at noon · From Feb 10, 2016']);
    expect(data.words[0]).toEqual(['The plan gives no doses for this line · From Sep 12, 2016']);
    expect(await medicines(auth)).toEqual([]);
  });

  it.each([
    ['empty', '', undefined, 'This field is required'],
    ['not eMediplan', 'hello world', 'emediplan.notEmediplan', undefined],
    ['truncated', SPEC_CODE.slice(0, SPEC_CODE.length - 40), 'emediplan.truncated', undefined],
    ['bad base64', 'CHMED16A1H4sI!!!', 'emediplan.badBase64', undefined],
    [
      'wrongly encoded (Latin-1)',
      gzipCode('CHMED16A1', Buffer.from('{"Patient":{"FName":"J\u00fcrg"}}', 'latin1')),
      'emediplan.wrongEncoding',
      undefined,
    ],
    ['oversized', `CHMED16A1${'A'.repeat(MAX_INPUT_CHARS)}`, 'emediplan.oversized', undefined],
    [
      'invalid field',
      `CHMED16A0${JSON.stringify({ Patient: { FName: 'A', LName: 'B' }, Medicaments: 'none' })}`,
      'emediplan.invalid',
      undefined,
    ],
  ])(
    'refuses a code %s with a 400 naming data.code, and creates nothing',
    async (_what, code, errorCode, message) => {
      const { auth } = await registerUser(t.app);
      for (const res of [
        await preview(auth, code),
        await importPlan(auth, { code, lines: [{ index: 0 }], confirmPatient: true }),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        const [field] = fieldsOf(res);
        expect(field?.path).toEqual(['data', 'code']);
        if (errorCode) expect(field?.code).toBe(errorCode);
        if (message) expect(field?.message).toBe(message);
      }
      expect(await medicines(auth)).toEqual([]);
    },
  );

  it('refuses bad lines naming them, and creates nothing', async () => {
    const { auth } = await registerUser(t.app);
    const cases: [object, string][] = [
      [{ code: SPEC_CODE, lines: [], confirmPatient: true }, 'data.lines'],
      [{ code: SPEC_CODE, lines: [{ index: 99 }], confirmPatient: true }, 'data.lines.0.index'],
      [{ code: SPEC_CODE, lines: [{ index: 1 }, { index: 1 }], confirmPatient: true }, 'data.lines'],
      [{ code: SPEC_CODE, lines: [{ index: 1, name: ' ' }], confirmPatient: true }, 'data.lines.0.name'],
    ];
    for (const [data, path] of cases) {
      const res = await importPlan(auth, data);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res).map((e) => e.path.join('.'))).toContain(path);
    }
    expect(await medicines(auth)).toEqual([]);
  });

  it('asks before importing another patient’s plan (409), then creates the ticked lines in one go', async () => {
    const { auth } = await registerUser(t.app, { username: 'Otto Other' });
    const ticked = [{ index: 1, name: 'Aspirin Cardio 100' }, { index: 2 }, { index: 0 }];
    const refused = await importPlan(auth, { code: SPEC_CODE, lines: ticked });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      name: 'ConflictError',
      details: { match: 'different', patient: { firstName: 'Maxima', lastName: 'Matter' } },
    });
    expect(await medicines(auth)).toEqual([]);

    const res = await importPlan(auth, { code: SPEC_CODE, lines: ticked, confirmPatient: true });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.medicines;
    const source = plan().medicines;
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      name: 'Aspirin Cardio 100',
      type: 1,
      dosage_times: [],
      schedules: [],
      identifier: { type: 'pharmacode', value: source[1]?.identifier?.value },
      posology: source[1]?.posology,
      note: source[1]?.reason,
      start_date: source[1]?.posology[0]?.from,
      end_date: null,
    });
    // A line named by its Pharmacode only is named by it.
    expect(created[1]).toMatchObject({ name: `Pharmacode ${source[2]?.identifier?.value}`, type: 1 });
    // No doses: imported as needed, its posology kept as text with the plan's original.
    expect(created[2]).toMatchObject({ type: 2, posology: source[0]?.posology });
    expect((await medicines(auth)).map((m: { id: number }) => m.id).sort()).toEqual(
      created.map((m: { id: number }) => m.id).sort(),
    );
  });

  it('imports the patient’s own plan without asking (names and My Health Data’s birth date)', async () => {
    const { auth } = await registerUser(t.app, { username: 'Maxima Matter', email: HEALTH_EMAIL });
    const basic = {
      date_of_birth: '1981-01-12',
      gender: 'female',
      blood_type: 'A+',
      nationality: 'Swiss',
      ahv_number: '756.9217.0769.85',
      rega_member: false,
    };
    expect((await call('PUT', '/api/health-data/basic-information', auth, basic)).statusCode).toBe(200);
    expect((await preview(auth, SPEC_CODE)).json().data.match).toBe('same');
    const res = await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 3 }] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('schedules an imported posology: the day segments at their times in the daily plan, the version bumped', async () => {
    const { auth } = await registerUser(t.app, { username: 'Sam Segments' });
    const zone = 'Europe/Berlin';
    const today = chartDayOf(Date.now(), zone);
    const url = `/api/adherence?from=${today}&to=${today}`;
    const before = (await call('GET', url, auth)).json().data;
    expect(before.days[0].intakes).toEqual([]);
    // Line 2: morning and evening, one each, every day since 2016.
    const res = await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true });
    expect(res.statusCode, res.body).toBe(200);
    // The same call again: the kept answer of the first is not served, the import bumped the data version.
    const adherence = (await call('GET', url, auth)).json().data;
    const day = adherence.days.find((d: { date: string }) => d.date === today);
    const times = day.intakes.map((i: { scheduledAt: string }) =>
      new Date(i.scheduledAt).toLocaleTimeString('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    expect(times).toEqual(['08:00', '18:00']);
    // Each dose says how much, in the plan's unit; a medicine of daily times says nothing (one unit).
    const [imported] = res.json().data.medicines as { id: number }[];
    const unit = plan().medicines[2]?.posology[0]?.unit;
    expect(unit).toBeTruthy();
    for (const intake of day.intakes)
      expect(intake.doses).toEqual([
        { medicineId: imported?.id, status: expect.any(String), amount: { value: 1 }, unit },
      ]);
    await call('POST', '/api/medicine/assignMedicine', auth, {
      data: { name: 'Plain', start_date: today, dosage_times: ['08:00'] },
    });
    const morning = (await call('GET', url, auth))
      .json()
      .data.days.find((d: { date: string }) => d.date === today).intakes[0];
    expect(morning.doses).toHaveLength(2);
    expect(morning.doses[1]).toEqual({ medicineId: expect.any(Number), status: expect.any(String) });
  });

  it('lists a posology medicine in all schedules, beside the dosage times of the others', async () => {
    const { auth } = await registerUser(t.app, { username: 'Alma Allschedules' });
    const url = '/api/medicine-schedules/profile';
    expect((await call('GET', url, auth)).json().data).toEqual({ schedule: [], posologies: [] });
    const res = await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true });
    expect(res.statusCode, res.body).toBe(200);
    const [imported] = res.json().data.medicines as { id: number; name: string }[];
    await call('POST', '/api/medicine/assignMedicine', auth, {
      data: { name: 'Metformin', start_date: '2026-11-01', dosage_times: ['08:00'] },
    });
    const data = (await call('GET', url, auth)).json().data;
    // The medicine of daily times by its time; the imported one (no dosage times) with its posology.
    expect(data.schedule.map((s: { medicine: { name: string } }) => s.medicine.name)).toEqual(['Metformin']);
    expect(data.posologies).toEqual([
      {
        medicine: { id: imported?.id, name: imported?.name, type: 1, strength: null, galenic_form: null },
        posology: plan().medicines[2]?.posology,
      },
    ]);
  });

  it("places the day segments at the patient's own times of day, and refuses a bad time naming it", async () => {
    const { auth } = await registerUser(t.app, { username: 'Tina Times' });
    const zone = 'Europe/Berlin';
    const today = chartDayOf(Date.now(), zone);
    const url = `/api/adherence?from=${today}&to=${today}`;
    const clockOf = (iso: string) =>
      new Date(iso).toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    const timesToday = async () =>
      ((await call('GET', url, auth)).json().data.days.at(-1).intakes as { scheduledAt: string }[]).map((i) =>
        clockOf(i.scheduledAt),
      );
    // Line 2: morning and evening.
    const res = await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true });
    expect(res.statusCode, res.body).toBe(200);
    const [medicine] = res.json().data.medicines as { id: number }[];
    const profile = (await call('GET', '/api/profile/userdata', auth)).json();
    expect(profile.day_times).toEqual({ morning: '08:00', noon: '12:00', evening: '18:00', night: '22:00' });
    expect(await timesToday()).toEqual(['08:00', '18:00']);

    const own = { morning: '06:45', noon: '12:30', evening: '19:15', night: '23:00' };
    const saved = await call('PUT', '/api/profile/userdata', auth, { day_times: own });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().day_times).toEqual(own);
    // The kept adherence answer is not served: the profile's write bumped the data version.
    expect(await timesToday()).toEqual(['06:45', '19:15']);
    // A dose confirmed by hand is one at the patient's own time, not at eMediplan's.
    const at = (hhmm: string) => new Date(localToUtc(today, hhmm, zone)).toISOString();
    const confirm = (scheduled_at: string) =>
      call('POST', '/api/medicine-intakes', auth, { data: { medicine: medicine?.id, scheduled_at } });
    expect((await confirm(at('08:00'))).statusCode).toBe(400);
    expect((await confirm(at('06:45'))).statusCode).toBe(200);

    for (const [day_times, field] of [
      [{ ...own, night: '24:00' }, 'night'],
      [{ morning: '07:00' }, 'noon'],
    ] as const) {
      const bad = await call('PUT', '/api/profile/userdata', auth, { day_times });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(fieldsOf(bad).map((e) => e.path.join('.'))).toContain(`day_times.${field}`);
    }
    expect((await call('GET', '/api/profile/userdata', auth)).json().day_times).toEqual(own);
  });

  it('exports the current plan in both formats, and it reads back as imported', async () => {
    const { auth } = await registerUser(t.app, { username: 'Erik Export' });
    const lines = [1, 2, 3, 4, 5].filter((i) => i < plan().medicines.length).map((index) => ({ index }));
    expect((await importPlan(auth, { code: SPEC_CODE, lines, confirmPatient: true })).statusCode).toBe(200);
    await call('POST', '/api/medicine/assignMedicine', auth, {
      data: { name: 'Metformin', start_date: '2026-11-01', dosage_times: ['08:00', '20:00'] },
    });
    const res = await call('GET', '/api/emediplan/export', auth);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.chmed16a.code).toMatch(/^CHMED16A1/);
    expect(data.chmed23a.code).toMatch(/^CHMED23A\./);
    expect(data.chmed16a.lost).toEqual([]);
    const expected = plan().medicines.filter((_, i) => lines.some((l) => l.index === i));
    for (const encoded of [data.chmed16a.code, data.chmed23a.code, data.chmed23a.json]) {
      const back = decodeEmediplan(encoded);
      if (!back.ok) throw new Error(JSON.stringify(back.error));
      expect(back.plan.patient).toMatchObject({ firstName: 'Erik', lastName: 'Export' });
      const byName = new Map(back.plan.medicines.map((m) => [m.identifier?.value ?? m.name, m] as const));
      for (const m of expected)
        expect(byName.get(m.identifier?.value ?? '')).toMatchObject({
          identifier: m.identifier,
          posology: m.posology,
        });
      // The medicine of daily times goes out as clock times every day.
      expect(byName.get('Metformin')?.posology[0]?.schedule).toMatchObject({
        kind: 'regular',
        regimen: { days: { kind: 'daily' }, slots: [{ at: '08:00' }, { at: '20:00' }] },
      });
    }
    // Imported again by someone else, the plan gives the same medicines.
    const other = await registerUser(t.app);
    const again = await importPlan(other.auth, {
      code: data.chmed16a.code,
      lines: data.medicines.map((_: unknown, index: number) => ({ index })),
      confirmPatient: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    const reexported = (await call('GET', '/api/emediplan/export', other.auth)).json().data;
    const first = decodeEmediplan(data.chmed23a.json);
    const second = decodeEmediplan(reexported.chmed23a.json);
    if (!first.ok || !second.ok) throw new Error('the export does not decode');
    expect(medicinesOf(second.plan)).toEqual(medicinesOf(first.plan));
  });

  it('exports the birth date of My Health Data under its grant (each export logged), and it reads back as the patient’s', async () => {
    const { auth, user } = await registerUser(t.app, { username: 'Bruno Birth', email: BIRTH_EMAIL });
    const basic = {
      date_of_birth: '1950-03-04',
      gender: 'male',
      blood_type: 'O+',
      nationality: 'Swiss',
      ahv_number: '756.9217.0769.85',
      rega_member: false,
    };
    expect((await call('PUT', '/api/health-data/basic-information', auth, basic)).statusCode).toBe(200);
    expect(
      (await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true })).statusCode,
    ).toBe(200);
    const reads = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'health_data.read')
          .where('actor_user_id', '=', user.id)
          .execute()
      ).length;
    const before = await reads();
    const data = (await call('GET', '/api/emediplan/export', auth)).json().data;
    for (const encoded of [data.chmed16a.code, data.chmed23a.code, data.chmed23a.json]) {
      const back = decodeEmediplan(encoded);
      if (!back.ok) throw new Error(JSON.stringify(back.error));
      expect(back.plan.patient).toEqual({ firstName: 'Bruno', lastName: 'Birth', birthDate: '1950-03-04' });
    }
    // The same export again reads the birth date again: each read is in the access log.
    expect((await call('GET', '/api/emediplan/export', auth)).statusCode).toBe(200);
    expect(await reads()).toBe(before + 2);
    // Read back by the same patient, the exported plan is plainly theirs (names and birth date).
    expect((await preview(auth, data.chmed16a.code)).json().data.match).toBe('same');

    // Without the grant, no birth date leaves DoseDot.
    const plain = await registerUser(t.app, { username: 'Nora Nogrant' });
    await importPlan(plain.auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true });
    const out = (await call('GET', '/api/emediplan/export', plain.auth)).json().data;
    const back = decodeEmediplan(out.chmed16a.code);
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(back.plan.patient.birthDate).toBeNull();
  });

  it('writes the FHIR Dosage of an imported posology', async () => {
    const { auth } = await registerUser(t.app, { username: 'Fiona Fhir', email: FHIR_EMAIL });
    expect(
      (await importPlan(auth, { code: SPEC_CODE, lines: [{ index: 2 }], confirmPatient: true })).statusCode,
    ).toBe(200);
    const bundle = (await call('GET', '/api/health-data/export?format=fhir', auth)).json();
    const statement = bundle.entry
      .map((e: { resource: { resourceType: string } }) => e.resource)
      .find((r: { resourceType: string }) => r.resourceType === 'MedicationStatement');
    // Morning and evening, one each: a Dosage per slot, with FHIR's day segments.
    expect(
      statement.dosage.map((d: { timing?: { repeat?: { when?: string[] } } }) => d.timing?.repeat?.when),
    ).toEqual([['MORN'], ['EVE']]);
  });

  it('lets an administrator in a session import for the patient (logged), and edits turn it back into daily times', async () => {
    const admin = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, admin.user.id);
    const patient = await registerUser(t.app, { username: 'Paul Patient' });
    const profile = (await call('GET', '/api/profile/userdata', patient.auth)).json();
    const asPatient = { ...admin.auth, 'x-imp-user-id': String(patient.user.id) };
    expect(
      (await importPlan(asPatient, { code: SPEC_CODE, lines: [{ index: 1 }], confirmPatient: true }))
        .statusCode,
    ).toBe(403);
    const opened = await call('POST', '/api/impersonation', admin.auth, {
      data: { profileuid: profile.profileuid, reason: 'Phone call: new plan' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await importPlan(asPatient, { code: SPEC_CODE, lines: [{ index: 1 }], confirmPatient: true });
    expect(res.statusCode, res.body).toBe(200);
    const log = (await call('GET', '/api/profile/access-log?pagination[pageSize]=100', patient.auth)).json()
      .data;
    expect(log.map((e: { action: string }) => e.action)).toContain('impersonation.import_emediplan');
    const id = res.json().data.medicines[0].id;
    // A dosage time cannot be added beside a posology; new dosage times replace it.
    const added = await call('POST', '/api/medicine-schedules', patient.auth, {
      data: { medicine: id, dosage_time: '09:00' },
    });
    expect(added.statusCode).toBe(400);
    const edited = await call('POST', '/api/medicine/editMedicineRecord', patient.auth, {
      data: { id, dosage_times: ['09:00'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ posology: null, dosage_times: ['09:00:00.000'], type: 1 });
  });

  it('refuses a caregiver every eMediplan call: the plan is the patient’s to change', async () => {
    const patient = await registerUser(t.app);
    const carer = await registerUser(t.app);
    const invited = await call('POST', '/api/caregivers/invite', patient.auth, {
      data: { email: carer.user.email },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = mailer.sent
      .filter((m) => m.to === carer.user.email)
      .at(-1)
      ?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect((await call('POST', '/api/caregivers/accept', carer.auth, { data: { token } })).statusCode).toBe(
      200,
    );
    const asCarer = { ...carer.auth, 'x-imp-user-id': String(patient.user.id) };
    // The door lets the caregiver read the patient's medicines, and nothing of eMediplan.
    expect((await call('GET', '/api/medicines', asCarer)).statusCode).toBe(200);
    const refused = [
      await importPlan(asCarer, { code: SPEC_CODE, lines: [{ index: 1 }], confirmPatient: true }),
      await preview(asCarer, SPEC_CODE),
      await call('GET', '/api/emediplan/export', asCarer),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(await medicines(patient.auth)).toEqual([]);
  });
});
