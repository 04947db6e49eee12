import { randomUUID } from 'node:crypto';
import type { ProfileListEntry } from '@dosedot/domain';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { ENGINES, makeAdmin, registerUser, uniqueEmail, useTestApp } from './context';

/*
 * The patient list at scale (issue 24 items 2, 3, 4 and 9): accent-insensitive search, filters,
 * sort by every column (stable), pages beyond the end, the columns that answer an administrator's
 * questions, and administrators never counted as patients.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Person {
  given: string;
  family: string;
  role?: 'admin' | 'basic';
  active?: boolean;
  language?: 'en' | 'de' | 'fr';
  createdAt?: number;
  timezone?: string;
}

/** A user and profile written straight into the database (no password work): the profile id. */
async function addPerson(db: Db, p: Person, tag: string): Promise<{ profileId: number; userId: number }> {
  const now = Date.now();
  const user = await db
    .insertInto('users')
    .values({
      username: `${p.given} ${p.family}`,
      email: uniqueEmail(
        `${tag}.${p.given
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z]/g, '')}`,
      ),
      password_hash: 'x',
      role: p.role ?? 'basic',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const profile = await db
    .insertInto('profiles')
    .values({
      user_id: user.id,
      profileuid: randomUUID(),
      givenname: p.given,
      familyname: `${p.family} ${tag}`,
      is_active: p.active === false ? 0 : 1,
      language: p.language ?? 'en',
      timezone: p.timezone ?? 'Europe/Berlin',
      profiletype: p.role ?? 'basic',
      sensor_id: null,
      created_at: p.createdAt ?? now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { profileId: profile.id, userId: user.id };
}

/** A box held by the profile since `since`, with a battery and a last uplink. */
async function giveBox(
  db: Db,
  profileId: number,
  box: { battery: number | null; lastUplink: number | null; since: number },
): Promise<number> {
  const deveui = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
  const sensor = await db
    .insertInto('sensors')
    .values({
      deveui,
      device_profile: 'dosedot',
      battery: box.battery,
      last_uplink_at: box.lastUplink,
      created_at: box.since,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sensor_assignments')
    .values({ sensor_id: sensor.id, profile_id: profileId, assigned_from: box.since, assigned_to: null })
    .execute();
  await db.updateTable('profiles').set({ sensor_id: sensor.id }).where('id', '=', profileId).execute();
  return sensor.id;
}

/** The zone (Etc/GMT±N, no DST) where it is now 15:xx, so 08:00 has passed and 22:00 has not. */
function zoneAtThreePm(now: number): { zone: string; offsetHours: number } {
  const utcHour = new Date(now).getUTCHours();
  const offset = ((((15 - utcHour) % 24) + 24 + 12) % 24) - 12;
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { zone, offsetHours: offset };
}

type Attrs = ProfileListEntry['attributes'];

describe.each(ENGINES)('the patient list at scale on %s', (engine) => {
  const t = useTestApp(engine);
  let adminAuth: Record<string, string> | undefined;
  const admin = async () => {
    if (adminAuth) return adminAuth;
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    adminAuth = a.auth;
    return a.auth;
  };
  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/profiles?${query}`, headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: ProfileListEntry[]; meta: { pagination: Record<string, number> } };
  };
  const families = (body: { data: ProfileListEntry[] }) => body.data.map((e) => e.attributes.givenname);
  const search = (term: string, tag: string) =>
    `filters[familyname][$containsi]=${encodeURIComponent(tag)}&filters[$or][0][name][$containsi]=${encodeURIComponent(term)}&filters[$or][1][email][$containsi]=${encodeURIComponent(term)}&sort[0]=givenname`;

  it('answers 401 without a token and 403 to a patient, whatever the parameters', async () => {
    const q = '/api/profiles?filters[profiletype][$eq]=admin&sort[0]=adherence_7d';
    expect((await t.app.inject({ url: q })).statusCode).toBe(401);
    const patient = await registerUser(t.app);
    expect((await t.app.inject({ url: q, headers: patient.auth })).statusCode).toBe(403);
  });

  it.each([
    ['filters[profiletype][$eq]=root', 'filters[profiletype][$eq]'],
    ['filters[is_active][$containsi]=true', 'filters[is_active][$containsi]'],
    ['filters[has_sensor][$eq]=maybe', 'filters[has_sensor][$eq]'],
    ['filters[$or][0][profiletype][$eq]=x', 'filters[$or][0][profiletype][$eq]'],
    ['sort[0]=adherence_7d:up', 'sort[0]'],
    ['sort[0]=password_hash', 'sort[0]'],
    ['pagination[page]=abc', 'pagination[page]'],
    ['pagination[pageSize]=101', 'pagination[pageSize]'],
    ['search=x', 'search'],
  ])('answers 400 naming the parameter for %s', async (query, key) => {
    const res = await t.app.inject({ url: `/api/profiles?${query}`, headers: await admin() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path[0])).toEqual([key]);
  });

  it('finds names whatever their accents, in both directions, and by e-mail and profile ID', async () => {
    const tag = `acc${Date.now().toString(36)}`;
    await addPerson(t.db, { given: 'Hans', family: 'Müller' }, tag);
    await addPerson(t.db, { given: 'Max', family: 'Muller' }, tag);
    await addPerson(t.db, { given: 'Zoë', family: 'Ångström' }, tag);
    await addPerson(t.db, { given: 'Zoe', family: 'Plain' }, tag);
    const uid = (await list(search('Plain', tag))).data[0]?.attributes.profileuid ?? '';

    expect(families(await list(search('muller', tag)))).toEqual(['Hans', 'Max']);
    expect(families(await list(search('MÜLLER', tag)))).toEqual(['Hans', 'Max']);
    expect(families(await list(search('zoe', tag)))).toEqual(['Zoe', 'Zoë']);
    expect(families(await list(search('Zoë', tag)))).toEqual(['Zoe', 'Zoë']);
    expect(families(await list(search('zoe angstrom', tag)))).toEqual(['Zoë']);
    expect(families(await list(search('hans mu', tag)))).toEqual(['Hans']);
    // The e-mail (made from the given name) and the profile ID are searched too.
    expect(families(await list(search(`${tag}.max`, tag)))).toEqual(['Max']);
    const byUid = await list(
      `filters[$or][0][name][$containsi]=${uid.slice(0, 13).toUpperCase()}&filters[$or][1][profileuid][$containsi]=${uid.slice(0, 13).toUpperCase()}`,
    );
    expect(families(byUid)).toEqual(['Zoe']);
    // LIKE's wildcards are plain characters.
    expect((await list(search('%', tag))).data).toEqual([]);
  });

  it('filters by role, status and box, and counts what the filters find', async () => {
    const tag = `flt${Date.now().toString(36)}`;
    const a = await addPerson(t.db, { given: 'Anna', family: 'Active' }, tag);
    await addPerson(t.db, { given: 'Ida', family: 'Inactive', active: false }, tag);
    await addPerson(t.db, { given: 'Adam', family: 'Admin', role: 'admin' }, tag);
    await giveBox(t.db, a.profileId, { battery: 80, lastUplink: Date.now(), since: Date.now() - DAY });
    const of = async (filters: string) => {
      const body = await list(`filters[familyname][$containsi]=${tag}&${filters}&sort[0]=givenname`);
      return { names: families(body), total: body.meta.pagination.total };
    };
    expect(await of('filters[profiletype][$eq]=basic')).toEqual({ names: ['Anna', 'Ida'], total: 2 });
    expect(await of('filters[profiletype][$eq]=admin')).toEqual({ names: ['Adam'], total: 1 });
    expect(await of('filters[is_active][$eq]=false')).toEqual({ names: ['Ida'], total: 1 });
    expect(await of('filters[is_active][$eq]=true&filters[profiletype][$eq]=basic')).toEqual({
      names: ['Anna'],
      total: 1,
    });
    expect(await of('filters[has_sensor][$eq]=true')).toEqual({ names: ['Anna'], total: 1 });
    expect(await of('filters[has_sensor][$eq]=false')).toEqual({ names: ['Adam', 'Ida'], total: 2 });
  });

  it('never counts administrators as patients, and marks them when the list shows them', async () => {
    const tag = `cnt${Date.now().toString(36)}`;
    await addPerson(t.db, { given: 'Pia', family: 'Patient' }, tag);
    await addPerson(t.db, { given: 'Otto', family: 'Patient' }, tag);
    await addPerson(t.db, { given: 'Alma', family: 'Admin', role: 'admin' }, tag);
    const patients = await list(`filters[familyname][$containsi]=${tag}&filters[profiletype][$eq]=basic`);
    expect(patients.meta.pagination.total).toBe(2);
    const everyone = await list(`filters[familyname][$containsi]=${tag}&sort[0]=givenname`);
    expect(everyone.data.map((e) => [e.attributes.givenname, e.attributes.profiletype])).toEqual([
      ['Alma', 'admin'],
      ['Otto', 'basic'],
      ['Pia', 'basic'],
    ]);
    // Across the whole list: the patients' total is the number of patient profiles.
    const all = await list('filters[profiletype][$eq]=basic&pagination[pageSize]=1');
    const rows = await t.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('profiletype', '=', 'basic')
      .executeTakeFirstOrThrow();
    expect(all.meta.pagination.total).toBe(Number(rows.n));
  });

  it('answers a page beyond the end with no entries and the true total', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (const given of ['A', 'B', 'C']) await addPerson(t.db, { given, family: 'Pager' }, tag);
    const body = await list(
      `filters[familyname][$containsi]=${tag}&pagination[page]=99&pagination[pageSize]=25`,
    );
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toEqual({ page: 99, pageSize: 25, pageCount: 1, total: 3 });
    // The same beyond the end when a computed column orders the list.
    const computed = await list(
      `filters[familyname][$containsi]=${tag}&sort[0]=adherence_7d&pagination[page]=2&pagination[pageSize]=2`,
    );
    expect(computed.data).toHaveLength(1);
    expect(computed.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 2, total: 3 });
  });

  it('computes the columns from a made-up history: adherence of 7 days, missed today, box, sign-in', async () => {
    const now = Date.now();
    const { zone, offsetHours } = zoneAtThreePm(now);
    const tag = `hist${now.toString(36)}`;
    const p = await addPerson(t.db, { given: 'Hedi', family: 'History', timezone: zone }, tag);
    await addPerson(t.db, { given: 'Quentin', family: 'History', timezone: zone }, tag);
    // Local midnight of today in the zone (it is 15:xx there now).
    const localNow = now + offsetHours * HOUR;
    const midnight = localNow - (localNow % DAY) - offsetHours * HOUR;
    const day = (n: number) => new Date(midnight + n * DAY + offsetHours * HOUR).toISOString().slice(0, 10);
    const since = midnight - 10 * DAY;
    const medicine = await t.db
      .insertInto('medicines')
      .values({
        profile_id: p.profileId,
        name: 'Metformin',
        type: 1,
        description: null,
        strength: null,
        galenic_form: null,
        start_date: day(-10),
        end_date: null,
        storage_temp_min: null,
        storage_temp_max: null,
        storage_humidity_max: null,
        created_at: since,
        updated_at: since,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const time of ['08:00', '12:00', '22:00'])
      await t.db
        .insertInto('medicine_schedules')
        .values({ medicine_id: medicine.id, dosage_time: time, created_at: since })
        .execute();
    const lastUplink = now - 2 * HOUR;
    const sensorId = await giveBox(t.db, p.profileId, { battery: 42, lastUplink, since });
    // The six days before today: 08:00 and 12:00 pressed, 22:00 missed. Today: 08:00 missed,
    // 12:00 pressed, 22:00 still to come.
    const presses: number[] = [];
    for (let n = -6; n < 0; n++)
      presses.push(midnight + n * DAY + 8 * HOUR + 5 * 60_000, midnight + n * DAY + 12 * HOUR);
    presses.push(midnight + 12 * HOUR + 10 * 60_000);
    for (const pressed_at of presses)
      await t.db
        .insertInto('button_presses')
        .values({ sensor_id: sensorId, uplink_id: null, pressed_at })
        .execute();
    // A sign-in two days ago and one an hour ago: the newest counts.
    for (const at of [now - 2 * DAY, now - HOUR])
      await t.db
        .insertInto('audit_log')
        .values({
          at,
          actor_user_id: p.userId,
          action: 'auth.login',
          target_type: 'user',
          target_id: String(p.userId),
          details: null,
          ip: null,
        })
        .execute();

    const body = await list(`filters[familyname][$containsi]=${tag}&sort[0]=givenname&populate[0]=sensor`);
    const [hedi, quentin] = body.data.map((e) => e.attributes) as [Attrs, Attrs];
    expect(hedi).toMatchObject({
      doses_due_7d: 20,
      doses_taken_7d: 13,
      missed_today: 1,
      battery: 42,
      last_uplink_at: new Date(lastUplink).toISOString(),
      last_sign_in_at: new Date(now - HOUR).toISOString(),
    });
    expect(hedi.adherence_7d).toBeCloseTo(13 / 20, 10);
    expect(quentin).toMatchObject({
      adherence_7d: null,
      doses_due_7d: 0,
      missed_today: 0,
      battery: null,
      last_uplink_at: null,
      last_sign_in_at: null,
    });
  });

  it('sorts by every column both ways, empty values last, then by id', async () => {
    const now = Date.now();
    const tag = `srt${now.toString(36)}`;
    const people: Person[] = [
      { given: 'Bea', family: 'Zimmer', language: 'fr', createdAt: now - 3 * DAY, role: 'admin' },
      { given: 'Carl', family: 'Adler', language: 'de', createdAt: now - 1 * DAY, active: false },
      { given: 'Anne', family: 'Meier', language: 'en', createdAt: now - 2 * DAY },
      { given: 'Dora', family: 'Meier', language: 'en', createdAt: now - 2 * DAY },
    ];
    const ids: number[] = [];
    for (const person of people) ids.push((await addPerson(t.db, person, tag)).profileId);
    await giveBox(t.db, ids[0] as number, { battery: 90, lastUplink: now - 5 * HOUR, since: now - DAY });
    await giveBox(t.db, ids[1] as number, { battery: 15, lastUplink: now - HOUR, since: now - DAY });
    await giveBox(t.db, ids[2] as number, { battery: null, lastUplink: null, since: now - DAY });
    const users = await t.db
      .selectFrom('profiles')
      .select(['id', 'user_id'])
      .where('id', 'in', ids)
      .execute();
    const userOf = new Map(users.map((u) => [u.id, u.user_id]));
    for (const [i, at] of [
      [1, now - DAY],
      [3, now - HOUR],
    ] as const)
      await t.db
        .insertInto('audit_log')
        .values({
          at,
          actor_user_id: userOf.get(ids[i] as number) ?? 0,
          action: 'auth.login',
          target_type: null,
          target_id: null,
          details: null,
          ip: null,
        })
        .execute();

    const value: Record<string, (a: Attrs, id: number) => string | number | null> = {
      id: (_, id) => id,
      givenname: (a) => a.givenname,
      familyname: (a) => a.familyname,
      profileuid: (a) => a.profileuid,
      language: (a) => a.language,
      createdAt: (a) => a.createdAt,
      is_active: (a) => Number(a.is_active),
      email: (a) => a.email,
      profiletype: (a) => a.profiletype,
      sensor: (a) => a.sensor.data?.attributes.deveui ?? null,
      last_sign_in_at: (a) => a.last_sign_in_at ?? null,
      last_uplink_at: (a) => a.last_uplink_at ?? null,
      battery: (a) => a.battery ?? null,
      adherence_7d: (a) => a.adherence_7d ?? null,
      missed_today: (a) => a.missed_today ?? 0,
    };
    for (const [field, of] of Object.entries(value)) {
      for (const direction of ['asc', 'desc'] as const) {
        const body = await list(
          `filters[familyname][$containsi]=${tag}&populate[0]=sensor&sort[0]=${field}:${direction}&pagination[pageSize]=2`,
        );
        const page2 = await list(
          `filters[familyname][$containsi]=${tag}&populate[0]=sensor&sort[0]=${field}:${direction}&pagination[page]=2&pagination[pageSize]=2`,
        );
        const got = [...body.data, ...page2.data];
        expect(got, `${field}:${direction}`).toHaveLength(4);
        const expected = [...got].sort((x, y) => {
          const a = of(x.attributes, x.id);
          const b = of(y.attributes, y.id);
          if (a === b) return x.id - y.id;
          if (a === null) return 1;
          if (b === null) return -1;
          const order = a < b ? -1 : 1;
          return direction === 'asc' ? order : -order;
        });
        expect(
          got.map((e) => e.id),
          `${field}:${direction}`,
        ).toEqual(expected.map((e) => e.id));
      }
    }
    // The values differ where they must, so the orders above say something.
    const desc = await list(`filters[familyname][$containsi]=${tag}&sort[0]=battery:desc`);
    expect(desc.data.map((e) => e.attributes.battery)).toEqual([90, 15, null, null]);
    const signIn = await list(`filters[familyname][$containsi]=${tag}&sort[0]=last_sign_in_at`);
    expect(signIn.data.map((e) => e.attributes.givenname)).toEqual(['Carl', 'Dora', 'Bea', 'Anne']);
    const names = await list(
      `filters[familyname][$containsi]=${tag}&sort[0]=familyname&sort[1]=givenname:desc`,
    );
    expect(families(names)).toEqual(['Carl', 'Dora', 'Anne', 'Bea']);
  });
});
