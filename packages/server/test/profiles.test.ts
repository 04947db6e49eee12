import { describe, expect, it } from 'vitest';
import { ENGINES, registerUser, useTestApp } from './context';

/** GET and PUT /api/profile/userdata (signed-in scope), in the order 401 → 400 → success. */
describe.each(ENGINES)('profile routes on %s', (engine) => {
  const t = useTestApp(engine);

  it('answers 401 without a token and changes no profile', async () => {
    expect((await t.app.inject({ url: '/api/profile/userdata' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      payload: { is_dark: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
  });

  it.each([
    [{ is_dark: 'yes' }, ['is_dark']],
    [{ language: 'es' }, ['language']],
    [{ timezone: 'Mars/Olympus' }, ['timezone']],
    [{ profiletype: 'admin' }, ['profiletype']],
    [{ givenname: '' }, ['givenname']],
    // A tour that was seen stays seen: there is no way back to false.
    [{ tour_seen: false }, ['tour_seen']],
  ])('answers 400 naming the field for %j and changes nothing', async (payload, expected) => {
    const { auth } = await registerUser(t.app, { username: 'Paula Plain' });
    const before = (await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json();
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/userdata', headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(
      expected,
    );
    expect((await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json()).toEqual(before);
  });

  it('remembers that the guided tour opened, for every device of the user', async () => {
    const { auth } = await registerUser(t.app, { username: 'Tara Tour' });
    const read = async () => (await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json();
    expect((await read()).tour_seen).toBe(false);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: { tour_seen: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tour_seen).toBe(true);
    expect((await read()).tour_seen).toBe(true);
  });

  it('refuses an empty update', async () => {
    const { auth } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('reads the own profile with names split from the full name', async () => {
    const { auth, user } = await registerUser(t.app, { username: 'Greta Berg' });
    const res = await t.app.inject({ url: '/api/profile/userdata', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userid: user.id,
      givenname: 'Greta',
      familyname: 'Berg',
      sensor: null,
      profile_role: { profiletype: 'basic' },
    });
  });

  it('updates the own dark flag, language and time zone', async () => {
    const { auth } = await registerUser(t.app, { username: 'Dora Dark' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: { is_dark: true, language: 'fr', timezone: 'America/New_York' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_dark: true,
      language: 'fr',
      timezone: 'America/New_York',
      givenname: 'Dora',
    });
    const again = await t.app.inject({ url: '/api/profile/userdata', headers: auth });
    expect(again.json()).toMatchObject({ is_dark: true, language: 'fr' });
  });

  it('changes only the caller’s own profile', async () => {
    const a = await registerUser(t.app, { username: 'Ada One' });
    const b = await registerUser(t.app, { username: 'Bea Two' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: a.auth,
      payload: { givenname: 'Adele' },
    });
    const other = await t.app.inject({ url: '/api/profile/userdata', headers: b.auth });
    expect(other.json()).toMatchObject({ givenname: 'Bea' });
  });
});

describe.each(ENGINES)('the profile lists its medicines on %s', (engine) => {
  const t = useTestApp(engine);
  it('answers medicines[] with their dosage times, only the caller’s', async () => {
    const { auth } = await registerUser(t.app);
    const other = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: auth,
      payload: { data: { name: 'Ramipril', start_date: '2026-11-01', dosage_times: ['08:00'] } },
    });
    const mine = (await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json();
    expect(mine.medicines).toMatchObject([{ name: 'Ramipril', dosage_times: ['08:00:00.000'] }]);
    const theirs = (await t.app.inject({ url: '/api/profile/userdata', headers: other.auth })).json();
    expect(theirs.medicines).toEqual([]);
  });
});
