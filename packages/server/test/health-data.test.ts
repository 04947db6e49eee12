import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, uniqueEmail, useTestApp } from './context';
import { FULL_RECORD as full } from './health-record';

const HEALTH_EMAIL = uniqueEmail('heidi');

describe.each(ENGINES)('My Health Data on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL } });
  const put = (auth: Record<string, string>, section: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/health-data/${section}`, headers: auth, payload });
  let listed: Awaited<ReturnType<typeof registerUser>> | undefined;
  const owner = async () => {
    listed ??= await registerUser(t.app, { email: HEALTH_EMAIL });
    return listed.auth;
  };

  it('answers 401 without a token and 403 to anyone not listed, an admin included', async () => {
    expect((await t.app.inject({ url: '/api/health-data' })).statusCode).toBe(401);
    const patient = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/health-data', headers: patient.auth })).statusCode).toBe(403);
    expect((await put(patient.auth, 'vision', full.vision)).statusCode).toBe(403);
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    expect((await t.app.inject({ url: '/api/health-data/export', headers: admin.auth })).statusCode).toBe(
      403,
    );
  });

  it.each([
    [
      'basic-information',
      { ...full['basic-information'], date_of_birth: undefined },
      'date_of_birth',
      'This field is required',
    ],
    [
      'basic-information',
      { ...full['basic-information'], ahv_number: '756.9217.0769.84' },
      'ahv_number',
      'Invalid AHV number format (e.g., 756.1234.5678.90)',
    ],
    [
      'basic-information',
      { ...full['basic-information'], ahv_number: '756 9217 0769 84' },
      'ahv_number',
      'Invalid AHV number format (e.g., 756.1234.5678.90)',
    ],
    ['physical-measurements', { height_cm: -165, weight_kg: 68 }, 'height_cm', 'Must be a positive number'],
    [
      'physical-measurements',
      { height_cm: 165, weight_kg: 'heavy' },
      'weight_kg',
      'Must be a positive number',
    ],
    [
      'vision',
      { ...full.vision, right: { sphere: 0, cylinder: 0, axis: 181 } },
      'right.axis',
      'Axis must be between 0 and 180 degrees',
    ],
    [
      'vision',
      { ...full.vision, left: { sphere: 0.3, cylinder: 0, axis: 0 } },
      'left.sphere',
      'In steps of 0.25',
    ],
    [
      'medical-information',
      { ...full['medical-information'], notes: 'x'.repeat(501) },
      'notes',
      'Maximum 500 characters',
    ],
    ['emergency-contact', { ...full['emergency-contact'], phone: '12345' }, 'phone', 'Invalid phone number'],
    ['emergency-contact', { ...full['emergency-contact'], email: 'urs@' }, 'email', 'Invalid email address'],
    [
      'emergency-contact',
      { ...full['emergency-contact'], contact_name: '' },
      'contact_name',
      'This field is required',
    ],
  ])(
    'refuses a bad %s with the spec message on the field, and stores nothing',
    async (section, payload, field, message) => {
      const auth = await owner();
      const before = (await t.app.inject({ url: '/api/health-data', headers: auth })).json();
      const res = await put(auth, section, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors).toContainEqual(
        expect.objectContaining({ path: field.split('.'), message }),
      );
      const after = (await t.app.inject({ url: '/api/health-data', headers: auth })).json();
      expect(after.data[section]).toEqual(before.data[section]);
    },
  );

  it('keeps every section, computes age and BMI, and stores none of it in plain text', async () => {
    const auth = await owner();
    for (const [section, values] of Object.entries(full))
      expect((await put(auth, section, values)).statusCode).toBe(200);
    const { data } = (await t.app.inject({ url: '/api/health-data', headers: auth })).json();
    expect(data['basic-information']).toMatchObject({
      ...full['basic-information'],
      age: expect.any(Number),
    });
    expect(data['physical-measurements']).toEqual({
      height_cm: 165,
      weight_kg: 68,
      bmi: 25,
      bmi_category: 'overweight',
    });
    expect(data['medical-information'].allergies).toEqual(['Penicillin', 'Pollen']);
    expect(data['emergency-contact'].contact_name).toBe('Urs Keller');

    const raw = JSON.stringify(await t.db.selectFrom('health_records').selectAll().execute());
    for (const secret of [
      '756.9217',
      '7569217',
      'Penicillin',
      'Urs Keller',
      'Hypothyroidism',
      '+41 79',
      'progressive',
      'former_smoker',
    ]) {
      expect(raw).not.toContain(secret);
    }
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'health_data.%')
      .execute();
    expect(log.filter((l) => l.action === 'health_data.write')).toHaveLength(6);
    expect(log.some((l) => l.action === 'health_data.read')).toBe(true);
  });

  // The FHIR Bundle and its validation: fhir.test.ts.
  it('exports the record as JSON, as stored', async () => {
    const auth = await owner();
    for (const [section, values] of Object.entries(full)) await put(auth, section, values);
    const json = await t.app.inject({ url: '/api/health-data/export', headers: auth });
    expect(json.headers['content-disposition']).toContain('my-health-data.json');
    expect(json.json().data['basic-information'].ahv_number).toBe('756.9217.0769.85');
  });
});
