import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, uniqueEmail, useTestApp } from './context';

describe.each(ENGINES)('the patient list on %s', (engine) => {
  const t = useTestApp(engine);
  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ url: `/api/profiles${query}`, headers });
  const admin = async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    return a.auth;
  };

  it('answers 401 without a token and 403 to a patient', async () => {
    expect((await t.app.inject({ url: '/api/profiles' })).statusCode).toBe(401);
    const patient = await registerUser(t.app);
    expect((await list(patient.auth)).statusCode).toBe(403);
  });

  it.each([
    ['?sort[0]=password', 'sort[0]'],
    ['?pagination[pageSize]=5000', 'pagination[pageSize]'],
    ['?pagination[page]=0', 'pagination[page]'],
    ['?filters[password][$eq]=x', 'filters[password][$eq]'],
    ['?populate[0]=users', 'populate[0]'],
  ])('answers 400 naming the parameter for %s', async (query, key) => {
    const res = await list(await admin(), query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path[0])).toEqual([key]);
  });

  it('answers the spec call with sensors, sorted by id, with pagination meta', async () => {
    const auth = await admin();
    const res = await list(auth, '?populate[0]=sensor&sort[0]=id');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(body.data[0]).toMatchObject({
      attributes: { sensor: { data: null }, is_active: true, language: 'en' },
    });
    // The list tells administrators (who cannot be impersonated) from patients.
    expect(body.data.map((e: { attributes: { profiletype: string } }) => e.attributes.profiletype)).toContain(
      'admin',
    );
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 25, total: body.data.length });
  });

  it('filters on names and e-mail, case-insensitively, and pages through the result', async () => {
    const auth = await admin();
    const tag = `zq${Date.now().toString(36)}`;
    for (const name of ['Berta', 'Anton', 'Carla']) {
      await registerUser(t.app, {
        username: `${name} ${tag}`,
        email: uniqueEmail(`${name.toLowerCase()}.${tag}`),
      });
    }
    const byName = await list(
      auth,
      `?filters[familyname][$containsi]=${tag.toUpperCase()}&sort[0]=givenname:desc`,
    );
    expect(
      byName.json().data.map((e: { attributes: { givenname: string } }) => e.attributes.givenname),
    ).toEqual(['Carla', 'Berta', 'Anton']);
    expect(
      byName.json().data.map((e: { attributes: { profiletype: string } }) => e.attributes.profiletype),
    ).toEqual(['basic', 'basic', 'basic']);
    const page2 = await list(
      auth,
      `?filters[$or][0][email][$containsi]=anton.${tag}&filters[$or][1][email][$containsi]=carla.${tag}&sort[0]=givenname&pagination[page]=2&pagination[pageSize]=1`,
    );
    expect(
      page2.json().data.map((e: { attributes: { givenname: string } }) => e.attributes.givenname),
    ).toEqual(['Carla']);
    expect(page2.json().meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: 2, total: 2 });
    const none = await list(auth, `?filters[givenname][$containsi]=%25_${tag}`);
    expect(none.json().data).toEqual([]);
  });
});
