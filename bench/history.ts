import path from 'node:path';
import Database from 'better-sqlite3';
import { addDays, eachDate, localToUtc } from '../packages/domain/src/time';
import { request } from './lib/http';
import { startDoseDot } from './lib/processes';

/*
 * Issue 9's benchmark: one patient with four daily doses over a year (1,460 intakes, about 1,500
 * presses on their box), then the time of GET /api/medicine-schedule/medicine/{id} and
 * GET /api/adherence over that year, one request at a time, on the production build and SQLite.
 */

const ZONE = 'Europe/Berlin';
const TIMES = ['08:00', '13:00', '18:00', '22:00'];
const MIN = 60_000;

export interface HistoryFigures {
  intakes: number;
  presses: number;
  history: { p50: number; p95: number; entries: number };
  adherence: { p50: number; p95: number; days: number };
}

function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function timed(url: string, headers: Record<string, string>, runs: number) {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await request(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
    if (i >= 5) times.push(performance.now() - started);
    body = res.body;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), body };
}

export async function benchHistory(runs = 20): Promise<HistoryFigures> {
  const server = await startDoseDot({ LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  try {
    const email = `year.${Date.now()}@bench.test`;
    const reg = await request(`${server.url}/api/auth/local/register`, {
      json: { username: 'Olga Ostermann', email, password: 'quiet harbour lights 2026' },
    });
    if (reg.status !== 200) throw new Error(`register answered ${reg.status}: ${reg.body}`);
    // Registration answers no token (it never tells whether the address had an account): sign in.
    const login = await request(`${server.url}/api/auth/local`, {
      json: { identifier: email, password: 'quiet harbour lights 2026' },
    });
    const { jwt } = JSON.parse(login.body) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };
    const to = addDays(new Date().toISOString().slice(0, 10), -1);
    const from = addDays(to, -364);
    const added = await request(`${server.url}/api/medicine/assignMedicine`, {
      headers: auth,
      json: { data: { name: 'Four a day', start_date: from, dosage_times: TIMES } },
    });
    const medicine = JSON.parse(added.body).data as { id: number };

    // A box of this patient with a year of presses, written straight into the database file.
    const dataDir = server.env.DATA_DIR ?? '';
    const db = new Database(path.join(dataDir, 'dosedot.sqlite'));
    const random = seeded(2026);
    const presses: number[] = [];
    for (const date of eachDate(from, to)) {
      for (const time of TIMES) {
        if (random() < 0.06) continue;
        const press = localToUtc(date, time, ZONE) + Math.round((random() - 0.4) * 70 * MIN);
        presses.push(press);
        if (random() < 0.03) presses.push(press + 30_000);
      }
    }
    const profile = db
      .prepare('select p.id from profiles p join users u on u.id = p.user_id where u.email = ?')
      .get(email) as { id: number };
    const sensor = db
      .prepare(
        "insert into sensors (deveui, device_profile, created_at) values ('BE0C000000000001', 'dosedot-box', 0) returning id",
      )
      .get() as { id: number };
    db.prepare('insert into sensor_assignments (sensor_id, profile_id, assigned_from) values (?, ?, 0)').run(
      sensor.id,
      profile.id,
    );
    const insert = db.prepare('insert into button_presses (sensor_id, pressed_at) values (?, ?)');
    db.transaction(() => {
      for (const at of presses) insert.run(sensor.id, at);
    })();
    db.close();

    const query = `from=${from}&to=${to}`;
    const history = await timed(
      `${server.url}/api/medicine-schedule/medicine/${medicine.id}?${query}`,
      auth,
      runs,
    );
    const adherence = await timed(`${server.url}/api/adherence?${query}`, auth, runs);
    return {
      intakes: 365 * TIMES.length,
      presses: presses.length,
      history: { p50: history.p50, p95: history.p95, entries: JSON.parse(history.body).data.history.length },
      adherence: {
        p50: adherence.p50,
        p95: adherence.p95,
        days: JSON.parse(adherence.body).data.days.length,
      },
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchHistory(), null, 2));
}
