import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

/*
 * GET /api/sensory-summaries at fleet scale (issue 24 items 2, 9 and 10): search (accents ignored),
 * the fleet filters, sort on every column, paging, the fleet summary and the CSV export of the
 * filtered list. Six boxes whose every value is known, so each answer is checked whole.
 */

const HOUR = 3_600_000;

interface Box {
  n: number;
  deveui: string;
  serial: string | null;
  name: string | null;
  model: string;
  battery: number | null;
  heardHoursAgo: number | null;
  createdHoursAgo: number;
  holder: [string, string] | null;
}

const BOXES: Box[] = [
  {
    n: 1,
    deveui: 'A000000000000001',
    serial: 'SN-001',
    name: 'Box Alpha',
    model: 'dosedot-box',
    battery: 90,
    heardHoursAgo: 1,
    createdHoursAgo: 200,
    holder: ['Zoë', 'Müller'],
  },
  {
    n: 2,
    deveui: 'A000000000000002',
    serial: 'SN-002',
    name: 'Box Beta',
    model: 'dosedot-box-v2',
    battery: 20,
    heardHoursAgo: 2,
    createdHoursAgo: 200,
    holder: ['Anna', 'Muller'],
  },
  {
    n: 3,
    deveui: 'A000000000000003',
    serial: null,
    name: null,
    model: 'dosedot-box',
    battery: 5,
    heardHoursAgo: 30,
    createdHoursAgo: 200,
    holder: null,
  },
  {
    n: 4,
    deveui: 'A000000000000004',
    serial: 'SN-004',
    name: '=HYPERLINK("http://evil.example","x")',
    model: 'dosedot-box-v2',
    battery: null,
    heardHoursAgo: null,
    createdHoursAgo: 100,
    holder: null,
  },
  {
    n: 5,
    deveui: 'B000000000000005',
    serial: 'SN-005',
    name: 'Box Épsilon',
    model: 'dosedot-box',
    battery: 60,
    heardHoursAgo: 48,
    createdHoursAgo: 200,
    holder: ['Émile', 'Zola'],
  },
  {
    n: 6,
    deveui: 'B000000000000006',
    serial: 'SN-006',
    name: 'Box Zeta',
    model: 'dosedot-box-v2',
    battery: 100,
    heardHoursAgo: 0.2,
    createdHoursAgo: 1,
    holder: null,
  },
];

type Auth = { authorization: string };
interface ListAnswer {
  data: { id: number; attributes: { deveui: string; service: string | null; profile: unknown } }[];
  meta: {
    pagination: { page: number; pageSize: number; pageCount: number; total: number };
    total: number;
    online: number;
    silent: number;
    unassigned: number;
    serviceNow: number;
    serviceSoon: number;
  };
}

describe.each(ENGINES)('the device list at fleet scale on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: Auth;
  let patient: Auth;
  /** The box's number (1-6) by its DevEUI. */
  const numberOf = new Map(BOXES.map((b) => [b.deveui, b.n]));

  const list = async (query: string, auth: Auth = admin) => {
    const res = await t.app.inject({ url: `/api/sensory-summaries?${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListAnswer;
  };
  /** The numbers of the boxes a query answers, in its order. */
  const boxes = async (query: string) =>
    (await list(query)).data.map((d) => numberOf.get(d.attributes.deveui));
  const search = (term: string) =>
    ['deveui', 'serial_number', 'name', 'holder']
      .map((f, i) => `filters[$or][${i}][${f}][$containsi]=${encodeURIComponent(term)}`)
      .join('&');

  it('is set up: six boxes, three held', async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    admin = a.auth;
    patient = (await registerUser(t.app, { username: 'Paula Patient' })).auth;
    const now = Date.now();
    for (const b of BOXES) {
      const sensor = await t.db
        .insertInto('sensors')
        .values({
          deveui: b.deveui,
          serial_number: b.serial,
          name: b.name,
          device_profile: b.model,
          buttonmode: 'single',
          battery: b.battery,
          last_uplink_at: b.heardHoursAgo === null ? null : Math.round(now - b.heardHoursAgo * HOUR),
          created_at: now - b.createdHoursAgo * HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!b.holder) continue;
      const holder = await registerUser(t.app, { username: b.holder.join(' ') });
      const profile = await t.db
        .updateTable('profiles')
        .set({ givenname: b.holder[0], familyname: b.holder[1], sensor_id: sensor.id })
        .where('user_id', '=', holder.user.id)
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('sensor_assignments')
        .values({
          sensor_id: sensor.id,
          profile_id: profile.id,
          assigned_from: now - 100 * HOUR,
          assigned_to: null,
          assigned_by: null,
        })
        .execute();
    }
    expect((await list('')).meta.pagination.total).toBe(6);
  });

  it('searches DevEUI, serial, box name and holder, accents and case ignored', async () => {
    expect(await boxes(search('muller'))).toEqual([1, 2]);
    expect(await boxes(search('MÜLLER'))).toEqual([1, 2]);
    expect(await boxes(search('zoe'))).toEqual([1]);
    expect(await boxes(search('Zoë Müller'))).toEqual([1]);
    expect(await boxes(search('emile'))).toEqual([5]);
    expect(await boxes(search('EPSILON'))).toEqual([5]);
    expect(await boxes(search('b0000'))).toEqual([5, 6]);
    expect(await boxes(search('sn-00'))).toEqual([1, 2, 4, 5, 6]);
    expect(await boxes(search('%'))).toEqual([]);
    expect(await boxes(search('nobody'))).toEqual([]);
    // One field alone, and $startsWith.
    expect(await boxes('filters[holder][$containsi]=zola')).toEqual([5]);
    expect(await boxes('filters[name][$startsWith]=box%20b')).toEqual([2]);
    expect(await boxes('filters[deveui][$eq]=a000000000000003')).toEqual([3]);
  });

  it('filters assigned and free boxes', async () => {
    expect(await boxes('filters[assigned][$eq]=true')).toEqual([1, 2, 5]);
    expect(await boxes('filters[assigned][$eq]=false')).toEqual([3, 4, 6]);
  });

  it('filters the boxes needing service now or soon', async () => {
    expect(await boxes('filters[service][$eq]=now')).toEqual([3, 4]);
    expect(await boxes('filters[service][$eq]=soon')).toEqual([2, 5]);
  });

  it('filters boxes silent for more than N hours (never heard: since registered)', async () => {
    expect(await boxes('filters[silent_hours][$gt]=24')).toEqual([3, 4, 5]);
    expect(await boxes('filters[silent_hours][$gt]=40')).toEqual([4, 5]);
    expect(await boxes('filters[silent_hours][$gt]=72')).toEqual([4]);
  });

  it('filters boxes with the battery below N %', async () => {
    expect(await boxes('filters[battery][$lt]=25')).toEqual([2, 3]);
    expect(await boxes('filters[battery][$lt]=10')).toEqual([3]);
    expect(await boxes('filters[battery][$lt]=5')).toEqual([]);
  });

  it('combines the search with the filters', async () => {
    expect(await boxes(`${search('box')}&filters[assigned][$eq]=false`)).toEqual([6]);
    expect(await boxes(`${search('muller')}&filters[service][$eq]=soon`)).toEqual([2]);
    expect(await boxes('filters[assigned][$eq]=true&filters[silent_hours][$gt]=24')).toEqual([5]);
  });

  it.each([
    ['id', [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]],
    ['deveui', [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]],
    ['serial_number', [1, 2, 4, 5, 6, 3], [6, 5, 4, 2, 1, 3]],
    ['name', [4, 1, 2, 5, 6, 3], [6, 5, 2, 1, 4, 3]],
    ['device_profile', [1, 3, 5, 2, 4, 6], [2, 4, 6, 1, 3, 5]],
    ['holder', [2, 1, 5, 3, 4, 6], [5, 1, 2, 3, 4, 6]],
    ['battery', [3, 2, 5, 1, 6, 4], [6, 1, 5, 2, 3, 4]],
    ['sensortime', [5, 3, 2, 1, 6, 4], [6, 1, 2, 3, 5, 4]],
    ['service', [1, 6, 2, 5, 3, 4], [3, 4, 2, 5, 1, 6]],
  ])('sorts by %s both ways, empty values last, then by id', async (field, asc, desc) => {
    expect(await boxes(`sort[0]=${field}`)).toEqual(asc);
    expect(await boxes(`sort[0]=${field}:asc`)).toEqual(asc);
    expect(await boxes(`sort[0]=${field}:desc`)).toEqual(desc);
  });

  it('pages the filtered list; a page past the end is empty with the right total', async () => {
    const page2 = await list('sort[0]=deveui&pagination[page]=2&pagination[pageSize]=4');
    expect(page2.data.map((d) => numberOf.get(d.attributes.deveui))).toEqual([5, 6]);
    expect(page2.meta.pagination).toEqual({ page: 2, pageSize: 4, pageCount: 2, total: 6 });
    const filteredPage = await list('filters[assigned][$eq]=false&pagination[pageSize]=2');
    expect(filteredPage.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 2, total: 3 });
    const searched = await list(`${search('sn-00')}&pagination[page]=99&pagination[pageSize]=2`);
    expect(searched.data).toEqual([]);
    expect(searched.meta.pagination).toEqual({ page: 99, pageSize: 2, pageCount: 3, total: 5 });
    const searchedPage = await list(`${search('sn-00')}&pagination[page]=3&pagination[pageSize]=2`);
    expect(searchedPage.data.map((d) => numberOf.get(d.attributes.deveui))).toEqual([6]);
    expect(searchedPage.meta.pagination).toEqual({ page: 3, pageSize: 2, pageCount: 3, total: 5 });
    const beyond = await list('pagination[page]=99');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination).toEqual({ page: 99, pageSize: 25, pageCount: 1, total: 6 });
  });

  it('sums up the whole fleet whatever the page and filters', async () => {
    const summary = { total: 6, online: 3, silent: 3, unassigned: 3, serviceNow: 2, serviceSoon: 2 };
    expect((await list('')).meta).toMatchObject(summary);
    expect((await list(`${search('zeta')}&pagination[pageSize]=1`)).meta).toMatchObject(summary);
  });

  it.each([
    ['filters[assigned][$eq]=yes', 'filters[assigned][$eq]'],
    ['filters[service][$eq]=later', 'filters[service][$eq]'],
    ['filters[silent_hours][$gt]=0', 'filters[silent_hours][$gt]'],
    ['filters[silent_hours][$gt]=abc', 'filters[silent_hours][$gt]'],
    ['filters[silent_hours][$gt]=9000', 'filters[silent_hours][$gt]'],
    ['filters[battery][$lt]=101', 'filters[battery][$lt]'],
    ['filters[battery][$lt]=-1', 'filters[battery][$lt]'],
    ['filters[battery][$gt]=10', 'filters[battery][$gt]'],
    ['filters[holder][$foo]=x', 'filters[holder][$foo]'],
    ['filters[email][$containsi]=x', 'filters[email][$containsi]'],
    ['sort[0]=colour', 'sort[0]'],
    ['sort[0]=battery:up', 'sort[0]'],
    ['pagination[page]=0', 'pagination[page]'],
    ['pagination[pageSize]=1000', 'pagination[pageSize]'],
    ['q=muller', 'q'],
  ])('answers 400 to %s, naming the parameter', async (query, key) => {
    for (const url of ['/api/sensory-summaries', '/api/sensory-summaries/export.csv']) {
      const res = await t.app.inject({ url: `${url}?${query}`, headers: admin });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { error: { details: { errors: { path: string[] }[] } } };
      expect(body.error.details.errors.map((e) => e.path[0])).toContain(key);
    }
  });

  it('names every wrong parameter at once', async () => {
    const res = await t.app.inject({
      url: '/api/sensory-summaries?filters[battery][$lt]=x&sort[0]=colour',
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    const paths = (
      res.json() as { error: { details: { errors: { path: string[] }[] } } }
    ).error.details.errors.map((e) => e.path[0]);
    expect(paths.sort()).toEqual(['filters[battery][$lt]', 'sort[0]']);
  });

  it('exports the filtered list, every page, as CSV with formulas defused, and audits it', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'sensor.export')
      .execute();
    const res = await t.app.inject({
      url: '/api/sensory-summaries/export.csv?filters[assigned][$eq]=false&sort[0]=deveui:desc&pagination[pageSize]=1',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dosedot-devices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'deveui,serial_number,name,device_profile,holder_givenname,holder_familyname,holder_profileuid,battery,last_seen,service,registered',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'B000000000000006',
      'A000000000000004',
      'A000000000000003',
    ]);
    // The formula is written as text: an apostrophe first, quoted for its quotes and comma.
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",dosedot-box-v2,`);
    expect(lines[2]).toMatch(/,now,\d{4}-/);
    expect(lines[3]).toMatch(/^A000000000000003,,,dosedot-box,,,,5,\d{4}-\d{2}-\d{2}T[\d:.]+Z,now,/);

    const held = await t.app.inject({
      url: `/api/sensory-summaries/export.csv?${search('müller')}`,
      headers: admin,
    });
    const rows = held.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^A000000000000001,SN-001,Box Alpha,dosedot-box,Zoë,Müller,[\w-]+,90,/);
    expect(rows[1]).toMatch(
      /^A000000000000002,SN-002,Box Beta,dosedot-box-v2,Anna,Muller,[\w-]+,20,.*,soon,/,
    );

    const after = await t.db
      .selectFrom('audit_log')
      .select(['details', 'actor_user_id'])
      .where('action', '=', 'sensor.export')
      .orderBy('id')
      .execute();
    expect(after).toHaveLength(before.length + 2);
    expect(JSON.parse(after[after.length - 2]?.details ?? '{}')).toMatchObject({
      rows: 3,
      fleet: { assigned: false },
    });
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/sensory-summaries', '/api/sensory-summaries/export.csv']) {
      expect((await t.app.inject({ url, headers: patient })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
