import { describe, expect, it } from 'vitest';
import { ENGINES, registerUser, uniqueEmail, useTestApp } from './context';

const HEALTH_EMAIL = uniqueEmail('ahv');
const MESSAGE = 'Invalid AHV number format (e.g., 756.1234.5678.90)';
const basic = (ahv_number: string) => ({
  date_of_birth: '1958-04-12',
  gender: 'female',
  blood_type: 'A+',
  nationality: 'Swiss',
  ahv_number,
  rega_member: false,
});

/** Issue 23 item 8: the AHV number typed with dots, spaces or neither; stored in the dotted form. */
describe.each(ENGINES)('AHV number on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL } });
  let auth: Record<string, string> | undefined;
  const owner = async () => {
    auth ??= (await registerUser(t.app, { email: HEALTH_EMAIL })).auth;
    return auth;
  };
  const put = async (ahv: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/health-data/basic-information',
      headers: await owner(),
      payload: basic(ahv),
    });
  const stored = async () =>
    (await t.app.inject({ url: '/api/health-data', headers: await owner() })).json().data['basic-information']
      ?.ahv_number;
  const countWrites = async () =>
    (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'health_data.write').execute())
      .length;

  it.each([
    ['bare digits', '7569217076985', '756.9217.0769.85'],
    ['spaces', '756 9217 0769 85', '756.9217.0769.85'],
    ['dots and spaces mixed, padded', ' 756.1234 5678.97 ', '756.1234.5678.97'],
    ['the dotted form', '756.9217.0769.85', '756.9217.0769.85'],
  ])('accepts %s and stores the dotted form', async (_, typed, dotted) => {
    const res = await put(typed);
    expect(res.statusCode).toBe(200);
    expect(res.json().data['basic-information'].ahv_number).toBe(dotted);
    expect(await stored()).toBe(dotted);
  });

  it.each([
    ['a wrong check digit, bare', '7569217076984'],
    ['a wrong check digit, spaced', '756 1234 5678 90'],
    ["the spec message's own example", '756.1234.5678.90'],
    ['twelve digits', '756921707698'],
    ['another country code', '7579217076985'],
  ])('refuses %s with 400 naming ahv_number, and writes nothing', async (_, typed) => {
    expect((await put('756.9217.0769.85')).statusCode).toBe(200);
    const rows = () => t.db.selectFrom('health_records').selectAll().execute();
    const before = await rows();
    const writes = await countWrites();
    const res = await put(typed);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors).toContainEqual(
      expect.objectContaining({ path: ['ahv_number'], message: MESSAGE }),
    );
    expect(await rows()).toEqual(before);
    expect(await countWrites()).toBe(writes);
    expect(await stored()).toBe('756.9217.0769.85');
  });
});
