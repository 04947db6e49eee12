import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '../packages/domain/src/lorawan';
import { request } from './lib/http';
import { ROOT, type Running, startDoseDot } from './lib/processes';

/*
 * Issue 10's benchmarks, on the production build and SQLite:
 *
 * 1. Webhook ingestion: wrk (a second process, on loopback) posts TTS v3 uplinks, each with its own
 *    identity, to POST /api/ingest/tts over many connections. The server answers each one only after
 *    its group commit is on disk (synchronous=FULL), so answered uplinks per second are durable ones.
 * 2. The sensor chart: POST /api/medicine-history/chart over a year of 10-minute readings (52,560 rows)
 *    of the patient's box, one request at a time: p50, p95 and the points per series.
 *
 * Run: node --import tsx bench/ingest.ts (BENCH_SKIP_BUILD=1 reuses packages/server/dist).
 */

const run = promisify(execFile);
const TOKEN = 'bench-ingest-token-0123456789abcdef';
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));

export interface IngestFigures {
  uplinksPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  stored: number;
  connections: number;
  seconds: number;
}

export interface ChartFigures {
  readings: number;
  p50: number;
  p95: number;
  pointsPerSeries: number;
  downsampled: boolean;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A wrk script that posts a TTS uplink with a new identity, counter and device on every request. */
function wrkScript(dir: string): string {
  const periodic = encodeDoseDot({ battery: 88, temperature: 21.4, humidity: 46, motion: 2 });
  const press = encodeDoseDot({ battery: 88, temperature: 21.4, humidity: 46, motion: 7, pressOffsets: [4] });
  const template = (payload: Uint8Array) =>
    JSON.stringify(
      ttsUplinkMessage({
        deveui: 'BE0C00000000DE00',
        fCnt: 777777,
        fPort: DOSEDOT_FPORT,
        payload,
        receivedAt: Date.parse('2026-03-01T08:00:00Z'),
        id: 'BENCHIDXXXXXXXXXXXXXXXXXXX',
        gateways: 2,
      }),
    )
      .replace('BE0C00000000DE00', '__DEVEUI__')
      .replace('"f_cnt":777777', '"f_cnt":__FCNT__')
      .replace('BENCHIDXXXXXXXXXXXXXXXXXXX', '__ID__');
  const lua = `
local periodic = [==[${template(periodic)}]==]
local press = [==[${template(press)}]==]
local n = 0
local run = "00000000"
local fcntBase = 0
init = function(args)
  run = args[1]
  fcntBase = tonumber(args[2])
end
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer ${TOKEN}"
request = function()
  n = n + 1
  local body = (n % 10 == 0) and press or periodic
  body = body:gsub("__DEVEUI__", string.format("BE0C%012X", n % 200), 1)
  body = body:gsub("__FCNT__", tostring(fcntBase + n), 1)
  body = body:gsub("__ID__", string.format("%s%018d", run, n), 1)
  return wrk.format(nil, "/api/ingest/tts", nil, body)
end
`;
  const file = path.join(dir, 'ingest.lua');
  writeFileSync(file, lua);
  return file;
}

async function countUplinks(server: Running): Promise<number> {
  const db = new Database(path.join(server.env.DATA_DIR ?? '', 'dosedot.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from uplinks').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export async function benchIngest(seconds = 10, connections = 64): Promise<IngestFigures> {
  if (!WRK) throw new Error('wrk is needed for the ingestion benchmark (apt-get install wrk)');
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-ingest-bench-'));
  const server = await startDoseDot({ LOG_LEVEL: 'warn', SEED_DEMO: 'false', INGEST_TOKEN: TOKEN });
  try {
    const script = wrkScript(dir);
    let runs = 0;
    const wrk = (secs: number) =>
      run(
        WRK,
        [
          '-t1',
          `-c${connections}`,
          `-d${secs}s`,
          '--latency',
          '-s',
          script,
          server.url,
          '--',
          `${Date.now().toString(16).slice(-6)}${runs}0`,
          // Each run its own frame counters: a frame of the warm-up sent again is a duplicate, skipped.
          String(runs++ * 10_000_000),
        ],
        {
          maxBuffer: 1 << 20,
        },
      );
    await wrk(2); // warm-up: devices registered, statements prepared, JIT warm
    const before = await countUplinks(server);
    const { stdout } = await wrk(seconds);
    const stored = (await countUplinks(server)) - before;
    const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
    const pct = (p: string) => {
      const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(stdout);
      return m ? Number(m[1]) * (unit[m[2] ?? ''] ?? Number.NaN) : Number.NaN;
    };
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? Number.NaN);
    return {
      uplinksPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN),
      p50: pct('50'),
      p99: pct('99'),
      requests,
      non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
      stored,
      connections,
      seconds,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchChart(runs = 30): Promise<ChartFigures> {
  const server = await startDoseDot({ LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  try {
    const email = `c${Date.now()}@example.test`;
    const reg = await request(`${server.url}/api/auth/local/register`, {
      json: { username: 'Chart Patient', email, password: 'correct horse battery staple 42' },
    });
    if (reg.status !== 200) throw new Error(`register answered ${reg.status}: ${reg.body}`);
    // Registration answers no token (it never tells whether the address had an account): sign in.
    const login = await request(`${server.url}/api/auth/local`, {
      json: { identifier: email, password: 'correct horse battery staple 42' },
    });
    const { jwt } = JSON.parse(login.body) as { jwt: string };
    const auth = { authorization: `Bearer ${jwt}` };

    // The patient's box with a year of 10-minute readings, written straight into the database file.
    const end = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const start = end - 365 * 86_400_000;
    const db = new Database(path.join(server.env.DATA_DIR ?? '', 'dosedot.sqlite'));
    const profile = db
      .prepare('select p.id from profiles p join users u on u.id = p.user_id where u.email = ?')
      .get(email) as { id: number };
    const sensor = db
      .prepare(
        "insert into sensors (deveui, device_profile, created_at) values ('BE0C0000000C4A27', 'dosedot-box', ?) returning id",
      )
      .get(start) as { id: number };
    db.prepare('insert into sensor_assignments (sensor_id, profile_id, assigned_from) values (?, ?, ?)').run(
      sensor.id,
      profile.id,
      start,
    );
    db.prepare('update profiles set sensor_id = ? where id = ?').run(sensor.id, profile.id);
    const insert = db.prepare(
      'insert into sensor_readings (sensor_id, measured_at, temperature, humidity, battery, motion) values (?, ?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let at = start, i = 0; at < end; at += 600_000, i++) {
        const hour = (at / 3_600_000) % 24;
        insert.run(
          sensor.id,
          at,
          Math.round((21 + 2.5 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + ((i * 7919) % 10) / 20) * 10) /
            10,
          Math.round(45 + 8 * Math.cos((hour / 24) * 2 * Math.PI)),
          Math.round((100 - (70 * i) / 52_560) * 10) / 10,
          i % 13 === 0 ? 5 : 0,
        );
      }
    })();
    db.close();

    const body = {
      data: {
        deveui: 'BE0C0000000C4A27',
        // The whole year as instants: 52,560 readings.
        startdate: new Date(start).toISOString(),
        enddate: new Date(end).toISOString(),
      },
    };
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < runs + 5; i++) {
      const began = performance.now();
      const res = await request(`${server.url}/api/medicine-history/chart`, { headers: auth, json: body });
      if (res.status !== 200) throw new Error(`chart answered ${res.status}: ${res.body}`);
      if (i >= 5) times.push(performance.now() - began);
      last = res.body;
    }
    const answer = JSON.parse(last) as {
      data: { temperature: unknown[] };
      meta: { readings: number; downsampled: boolean };
    };
    return {
      readings: answer.meta.readings,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      pointsPerSeries: answer.data.temperature.length,
      downsampled: answer.meta.downsampled,
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(ROOT, 'packages/server/dist/main.js'))) {
    execFileSync('npm', ['run', 'build', '-w', '@dosedot/server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const ingest = await benchIngest(Number(process.env.BENCH_SECONDS ?? 10));
  console.log(
    `Webhook ingestion (SQLite, wrk -c${ingest.connections} on loopback, ${ingest.seconds} s): ${Math.round(ingest.uplinksPerSecond)} uplinks/s durable (target >= 5,000), p50 ${ingest.p50.toFixed(1)} ms, p99 ${ingest.p99.toFixed(1)} ms; ${ingest.requests} answered, ${ingest.stored} stored, ${ingest.non2xx} non-2xx`,
  );
  const chart = await benchChart();
  console.log(
    `Sensor chart over a year of 10-minute readings (${chart.readings} rows): p50 ${chart.p50.toFixed(1)} ms (target < 50), p95 ${chart.p95.toFixed(1)} ms, ${chart.pointsPerSeries} points per series (at most 1,000)`,
  );
  console.log(JSON.stringify({ ingest, chart }, null, 2));
}
