import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { request } from './lib/http';
import { GENERATOR, type LoadResult, load, measure } from './lib/load';
import { startBare, startDoseDot } from './lib/processes';

/**
 * Turns DoseDot and the bare server take per figure (1 s each of the 10 s), and the round with the
 * median share is reported: short turns, so a slow stretch of the shared machine (the bare figure
 * itself swings between 15,000 and 30,000 req/s here) falls into few of them.
 */
export const ROUNDS = 10;

function medianBy<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** The read endpoints measured against the ceiling; every later read endpoint joins this list. */
export const READ_ROUTES = [
  '/api/health',
  '/api/users/me',
  '/api/profile/userdata',
  '/api/medicines',
  '/api/medicine-schedules/profile',
  '/api/adherence',
  '/api/profile/access-log',
  '/api/sensory-summaries',
  '/api/profiles?populate[0]=sensor&sort[0]=id',
  '/api/reminders/settings',
  '/api/reminders/notifications',
  '/api/caregivers',
  '/api/caregiving',
  '/api/emediplan/export',
  '/api/storage-alerts',
  '/api/medicines/stock',
  '/api/two-factor',
  '/api/reminders/push',
  '/api/health-data',
  '/api/sensor/free',
  '/api/admin/sign-ins',
  '/api/impersonation/current',
];

const search = (term: string) =>
  ['deveui', 'serial_number', 'name', 'holder']
    .map((field, i) => `filters[$or][${i}][${field}][$containsi]=${term}`)
    .join('&');

/**
 * The administrator's lists at fleet scale (issue 24: 500 patients with a box each and 500 free boxes,
 * SEED_FLEET=500): the Devices page's first page, its search (as the page sends it) sorted by
 * holder, two filters sorted by last uplink, the patient list's first page, and the free boxes.
 */
export const FLEET_ROUTES = [
  '/api/sensory-summaries',
  `/api/sensory-summaries?${search('muller')}&sort[0]=holder`,
  '/api/sensory-summaries?filters[service][$eq]=now&filters[assigned][$eq]=false&sort[0]=sensortime:desc',
  '/api/profiles?populate=sensor',
  // The assign dialog's list: the first page of the 500 boxes nobody holds.
  '/api/sensor/free',
];

/** The demo patient's box (seed/demo.ts), whose climate and battery the chart reads. */
const DEMO_BOX = 'A84041000181C001';

/** Days of demo history the API run seeds (SEED_DEMO_DAYS): the year routes read a full year. */
export const BENCH_DEMO_DAYS = 365;

/** A measured route: GET `path`, or a POST of `body`; `label` names it in the table. */
export interface BenchRoute {
  label: string;
  path: string;
  body?: string;
  /** Asked by the demo administrator acting for the demo patient (an open impersonation session). */
  forPatient?: boolean;
  /** Asked by the demo administrator (a route whose path names an id). */
  admin?: boolean;
}

/** The administrators' findOne reads: the demo patient's entry and her box's, as the admin pages ask. */
export const ENTRY_LABELS = ['/api/profiles/{id}?populate=sensor', '/api/sensory-summaries/{id}'];

async function entryRoutes(base: string, adminToken: string, labels: string[]): Promise<BenchRoute[]> {
  const list = await request(`${base}/api/profiles?populate=sensor&pagination[pageSize]=100`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const entry = (
    JSON.parse(list.body) as {
      data: { id: number; attributes: { email: string; sensor: { data: { id: number } | null } } }[];
    }
  ).data.find((p) => p.attributes.email === patient.email);
  const box = entry?.attributes.sensor.data;
  if (!entry || !box) throw new Error('the demo patient has no entry with a box in the patient list');
  const paths: Record<string, string> = {
    '/api/profiles/{id}?populate=sensor': `/api/profiles/${entry.id}?populate=sensor`,
    '/api/sensory-summaries/{id}': `/api/sensory-summaries/${box.id}`,
  };
  return labels.map((label) => ({ label, path: paths[label] as string, admin: true }));
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The reads over a month and a year of the demo patient (issue 25 item 1): the adherence month and
 * year, one medicine's history over the year, and the box's climate and battery chart over the year.
 */
async function longRangeRoutes(base: string, token: string): Promise<BenchRoute[]> {
  const today = day(0);
  const [month, year] = [day(-29), day(-364)];
  const medicines = await request(`${base}/api/medicines`, { headers: { authorization: `Bearer ${token}` } });
  // A medicine taken at set times, whose year is a dose or more a day: the list's first can be the
  // as-needed one, whose year of history is a few intakes (500 bytes, not the year of the issue).
  const medicine = (
    JSON.parse(medicines.body) as { data: { id: number; dosage_times?: unknown[] }[] }
  ).data.find((m) => (m.dosage_times?.length ?? 0) > 0);
  if (!medicine) throw new Error('the demo patient has no medicine taken at set times');
  return [
    { label: '/api/adherence (a month)', path: `/api/adherence?from=${month}&to=${today}` },
    { label: '/api/adherence (a year)', path: `/api/adherence?from=${year}&to=${today}` },
    {
      label: '/api/medicine-schedule/medicine/{id} (a year)',
      path: `/api/medicine-schedule/medicine/${medicine.id}?from=${year}&to=${today}`,
    },
    {
      label: 'POST /api/medicine-history/chart (a year)',
      path: '/api/medicine-history/chart',
      body: JSON.stringify({ data: { deveui: DEMO_BOX, startdate: year, enddate: today } }),
    },
    // Each read through a session writes an access-log line before it is answered.
    {
      label: '/api/adherence (a week, an administrator for the patient)',
      path: `/api/adherence?from=${day(-6)}&to=${today}`,
      forPatient: true,
    },
  ];
}

/** Opens the demo administrator's impersonation session for the demo patient: the patient's user id. */
async function actForPatient(base: string, token: string, adminToken: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const me = JSON.parse((await request(`${base}/api/users/me`, { headers })).body) as { id: number };
  const profile = JSON.parse((await request(`${base}/api/profile/userdata`, { headers })).body) as {
    profileuid: string;
  };
  const res = await request(`${base}/api/impersonation`, {
    headers: { authorization: `Bearer ${adminToken}` },
    json: { data: { profileuid: profile.profileuid, reason: 'Benchmark: reads for the patient' } },
  });
  if (res.status !== 200) throw new Error(`opening the session failed: ${res.status} ${res.body}`);
  return me.id;
}

/** Of those, the ones an administrator reads (the others are the demo patient's). */
const ADMIN_ROUTES = new Set([
  '/api/sensory-summaries',
  '/api/profiles?populate[0]=sensor&sort[0]=id',
  '/api/sensor/free',
  '/api/admin/sign-ins',
  '/api/impersonation/current',
  ...FLEET_ROUTES,
]);
/** Read by the demo health-data user (My Health Data is hers, not the demo patient's). */
const HEALTH_DATA_ROUTES = new Set(['/api/health-data']);

/**
 * The demo patient's Metformin gets a storage range (15–25 °C) and a counted stock, so that the
 * storage alerts read a week of her box's climate and the stock runs the adherence engine, as they
 * do for a patient who keeps such medicines (the demo data has neither).
 */
async function withStorageRangeAndStock(base: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await request(`${base}/api/medicines`, { headers });
  const metformin = (JSON.parse(list.body) as { data: { id: number; name: string }[] }).data.find(
    (m) => m.name === 'Metformin',
  );
  if (!metformin) throw new Error('the demo patient has no Metformin');
  const res = await request(`${base}/api/medicine/editMedicineRecord`, {
    headers,
    json: { data: { id: metformin.id, storage_temp_min: 15, storage_temp_max: 25, stock: 60 } },
  });
  if (res.status !== 200) throw new Error(`editing the medicine failed: ${res.status} ${res.body}`);
}

export interface RouteFigure {
  route: string;
  connections: number;
  dosedot: LoadResult;
  bare: LoadResult;
  share: number;
}

export interface StormFigure {
  idle: LoadResult;
  storm: LoadResult;
  logins: number;
  loginsPerSecond: number;
  failedLogins: number;
  ratioP99: number;
}

export interface ApiFigures {
  database: string;
  generator: string;
  /** Seconds of each round; `rounds` rounds per figure, the median one reported. */
  seconds: number;
  rounds: number;
  routes: RouteFigure[];
  storm?: StormFigure;
}

export interface ApiBenchOptions {
  /** A second per run and no storm: the smoke test in `npm test`. */
  quick?: boolean;
  env?: Record<string, string>;
  database: string;
  /** Only these routes, connection counts and seconds (for quick comparisons while tuning). */
  routes?: string[];
  /** Also the month and year reads (the server is seeded with BENCH_DEMO_DAYS of history). */
  longRanges?: boolean;
  connections?: number[];
  seconds?: number;
  storm?: boolean;
  log?: (line: string) => void;
}

const patient = DEMO_ACCOUNTS.find((a) => a.key === 'anna') ?? { email: '', password: '' };
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin') ?? { email: '', password: '' };
const healthDataUser = DEMO_ACCOUNTS.find((a) => a.key === 'heidi') ?? { email: '', password: '' };

async function signIn(base: string, email: string, password: string, from?: string): Promise<string> {
  const res = await request(`${base}/api/auth/local`, { json: { identifier: email, password }, from });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { jwt: string }).jwt;
}

/**
 * 20 logins kept in flight for `seconds`, each account from its own loopback address so no
 * limit answers them, while GET /api/users/me is measured beside them.
 */
async function loginStorm(base: string, token: string, seconds: number, log: (l: string) => void) {
  const accounts = Array.from({ length: 20 }, (_, i) => ({
    email: `storm${i}.${Date.now().toString(36)}@bench.test`,
    password: 'quiet harbour lights 2026',
    from: `127.0.0.${i + 2}`,
  }));
  for (const a of accounts) {
    const res = await request(`${base}/api/auth/local/register`, {
      json: { username: 'Lena Laufer', email: a.email, password: a.password },
      from: a.from,
    });
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.body}`);
  }
  const me = { url: `${base}/api/users/me`, headers: { authorization: `Bearer ${token}` }, connections: 10 };
  const idle = await measure({ ...me, seconds }, 2);
  log(`  idle  /api/users/me p99 ${idle.p99.toFixed(2)} ms`);
  let running = true;
  let logins = 0;
  let failed = 0;
  const worker = async (a: (typeof accounts)[number]) => {
    while (running) {
      const res = await request(`${base}/api/auth/local`, {
        json: { identifier: a.email, password: a.password },
        from: a.from,
      }).catch(() => ({ status: 0 }));
      if (!running) break;
      if (res.status === 200) logins++;
      else failed++;
    }
  };
  const started = Date.now();
  const workers = accounts.map(worker);
  await new Promise((r) => setTimeout(r, 1000)); // the storm is under way before measuring
  const storm = await load({ ...me, seconds });
  const elapsed = (Date.now() - started) / 1000;
  running = false;
  await Promise.all(workers);
  log(`  storm /api/users/me p99 ${storm.p99.toFixed(2)} ms, ${(logins / elapsed).toFixed(1)} logins/s`);
  return {
    idle,
    storm,
    logins,
    loginsPerSecond: logins / elapsed,
    failedLogins: failed,
    ratioP99: storm.p99 / idle.p99,
  };
}

/** The API beside the bare Fastify ceiling, route by route, then the login storm. */
export async function benchApi(opts: ApiBenchOptions): Promise<ApiFigures> {
  const log = opts.log ?? console.log;
  const seconds = opts.seconds ?? (opts.quick ? 1 : 10);
  const warmup = opts.quick ? 0 : Math.min(3, seconds);
  const roundSeconds = opts.quick ? seconds : Math.max(1, Math.round(seconds / ROUNDS));
  const roundsRun = opts.quick ? 1 : ROUNDS;
  const server = await startDoseDot({
    SIMULATE: 'false',
    ...(opts.longRanges ? { SEED_DEMO_DAYS: String(BENCH_DEMO_DAYS) } : {}),
    ...opts.env,
  });
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const token = await signIn(server.url, patient.email, patient.password);
    const adminToken = await signIn(server.url, admin.email, admin.password);
    const healthDataToken = await signIn(server.url, healthDataUser.email, healthDataUser.password);
    let patientUserId: number | undefined;
    const authFor = (route: BenchRoute) => ({
      ...(route.forPatient ? { 'x-imp-user-id': String(patientUserId) } : {}),
      authorization: `Bearer ${
        ADMIN_ROUTES.has(route.path) || route.forPatient || route.admin
          ? adminToken
          : HEALTH_DATA_ROUTES.has(route.path)
            ? healthDataToken
            : token
      }`,
    });
    const asked = opts.routes ?? (opts.quick ? READ_ROUTES.slice(1, 2) : [...READ_ROUTES, ...ENTRY_LABELS]);
    const routes: BenchRoute[] = asked
      .filter((path) => !ENTRY_LABELS.includes(path))
      .map((path) => ({ label: path, path }));
    const entries = asked.filter((label) => ENTRY_LABELS.includes(label));
    if (entries.length > 0) routes.push(...(await entryRoutes(server.url, adminToken, entries)));
    // BENCH_LONG_MATCH: only the month and year reads whose label matches (while trying a change).
    const longMatch = process.env.BENCH_LONG_MATCH ? new RegExp(process.env.BENCH_LONG_MATCH) : undefined;
    if (opts.longRanges)
      routes.push(
        ...(await longRangeRoutes(server.url, token)).filter((r) => longMatch?.test(r.label) ?? true),
      );
    if (routes.some((r) => r.forPatient)) patientUserId = await actForPatient(server.url, token, adminToken);
    if (routes.some((r) => r.path === '/api/storage-alerts' || r.path === '/api/medicines/stock'))
      await withStorageRangeAndStock(server.url, token);
    const answers = [];
    for (const route of routes) {
      const res = await request(`${server.url}${route.path}`, {
        headers: authFor(route),
        ...(route.body === undefined ? {} : { json: JSON.parse(route.body) }),
      });
      if (res.status !== 200)
        throw new Error(`${route.label} answered ${res.status}: ${res.body.slice(0, 200)}`);
      answers.push({
        path: route.path,
        method: route.body === undefined ? 'GET' : 'POST',
        contentType: res.contentType,
        body: res.body,
        headers: res.headers,
      });
    }
    bare = await startBare(answers);
    const figures: RouteFigure[] = [];
    for (const route of routes) {
      for (const connections of opts.connections ?? (opts.quick ? [10] : [10, 50])) {
        const headers = authFor(route);
        const ours = { url: `${server.url}${route.path}`, headers, connections, body: route.body };
        const theirs = { url: `${bare.url}${route.path}`, headers, connections, body: route.body };
        if (warmup > 0) {
          await load({ ...ours, seconds: warmup });
          await load({ ...theirs, seconds: warmup });
        }
        // The machine's speed drifts from second to second (other tenants, the other core): the two
        // take turns, ROUNDS times, and the round with the median share is the figure.
        const rounds: RouteFigure[] = [];
        for (let round = 0; round < roundsRun; round++) {
          const dosedot = await load({ ...ours, seconds: roundSeconds });
          const ceiling = await load({ ...theirs, seconds: roundSeconds });
          rounds.push({
            route: route.label,
            connections,
            dosedot,
            bare: ceiling,
            share: dosedot.rps / ceiling.rps,
          });
        }
        const median = medianBy(rounds, (r) => r.share);
        const { dosedot, bare: ceiling, share } = median;
        figures.push(median);
        log(
          `  ${route.label} c=${connections}: ${Math.round(dosedot.rps)} req/s vs bare ${Math.round(ceiling.rps)} → ${(share * 100).toFixed(0)} %`,
        );
      }
    }
    const storm =
      opts.quick || opts.storm === false ? undefined : await loginStorm(server.url, token, seconds, log);
    return {
      database: opts.database,
      generator: GENERATOR,
      seconds: roundSeconds,
      rounds: roundsRun,
      routes: figures,
      storm,
    };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}
