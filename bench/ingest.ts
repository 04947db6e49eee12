import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '../packages/domain/src/lorawan';
import { request } from './lib/http';
import { ROOT, type Running, startBare, startDoseDot } from './lib/processes';
import { freshPostgres } from './pg';

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

/** One measured turn: DoseDot's or the bare ceiling's. */
export interface IngestTurn {
  /** Uplinks per second: answered (webhook) or handled (MQTT) within the turn. */
  rate: number;
  /** Latency percentiles in ms (webhook; NaN over MQTT). */
  p50: number;
  p99: number;
}

export interface IngestRow {
  transport: 'webhook' | 'MQTT';
  database: 'SQLite' | 'PostgreSQL';
  /** The round with the median share. */
  dosedot: IngestTurn;
  bare: IngestTurn;
  share: number;
  /** Over all DoseDot's rounds: sent (webhook answered, MQTT published), stored, non-2xx. */
  sent: number;
  stored: number;
  non2xx: number;
  rounds: number;
  seconds: number;
  connections: number;
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

/** Rounds per row and seconds per round: the two take turns, the round with the median share counts. */
const ROUNDS = 10;
const ROUND_SECONDS = 2;
/** wrk's connections, and the MQTT publisher's publications in flight. */
const CONNECTIONS = 64;

function medianBy<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** A TTS uplink document with placeholders for its device, frame counter and correlation id. */
function templates(): { periodic: string; press: string } {
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
  return { periodic: template(periodic), press: template(press) };
}

/** A wrk script that posts a TTS uplink with a new identity, counter and device on every request. */
function wrkScript(dir: string): string {
  const { periodic, press } = templates();
  const lua = `
local periodic = [==[${periodic}]==]
local press = [==[${press}]==]
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

/** Stored uplinks, read from the server's database (its SQLite file, or PostgreSQL). */
async function uplinkCounter(server: Running, databaseUrl?: string) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      count: async () => Number((await client.query('select count(*) as n from uplinks')).rows[0]?.n),
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(server.env.DATA_DIR ?? '', 'dosedot.sqlite'), { readonly: true });
  const stmt = db.prepare('select count(*) as n from uplinks');
  return {
    count: async () => (stmt.get() as { n: number }).n,
    close: async () => db.close(),
  };
}

/**
 * For the trigger A/B only (BENCH_INGEST_NO_VERSIONS=1): drops the data_versions triggers of the
 * tables an uplink writes in the bench's scratch database, so the same run shows what they cost.
 */
async function dropUplinkVersionTriggers(server: Running, databaseUrl?: string): Promise<void> {
  const names = ['sensor_readings', 'button_presses', 'sensors', 'uplinks'].flatMap((t) =>
    ['insert', 'update', 'delete'].map((op) => [`dosedot_version_${op}_${t}`, t] as const),
  );
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [name, table] of names) await client.query(`drop trigger if exists ${name} on ${table}`);
    await client.end();
    return;
  }
  const db = new Database(path.join(server.env.DATA_DIR ?? '', 'dosedot.sqlite'));
  for (const [name] of names) db.exec(`drop trigger if exists ${name}`);
  db.close();
}

interface Side {
  turn: () => Promise<IngestTurn & { sent: number; non2xx: number }>;
}

/** ROUNDS turns each after a warm-up, alternating; the round with the median share. */
async function alternate(ours: Side, theirs: Side, log: (line: string) => void) {
  await ours.turn();
  await theirs.turn();
  const rounds: { dosedot: IngestTurn; bare: IngestTurn; share: number }[] = [];
  let sent = 0;
  let non2xx = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const dosedot = await ours.turn();
    const bare = await theirs.turn();
    sent += dosedot.sent;
    non2xx += dosedot.non2xx;
    rounds.push({ dosedot, bare, share: dosedot.rate / bare.rate });
    log(`    round ${round + 1}: ${Math.round(dosedot.rate)} vs ${Math.round(bare.rate)} uplinks/s`);
  }
  const shape = { rounds: ROUNDS, seconds: ROUND_SECONDS, connections: CONNECTIONS };
  return { ...medianBy(rounds, (r) => r.share), sent, non2xx, ...shape };
}

const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Webhook ingestion beside a bare Fastify POST route answering the same bytes, on one engine. */
async function webhookRow(
  database: IngestRow['database'],
  databaseUrl: string | undefined,
  log: (l: string) => void,
) {
  if (!WRK) throw new Error('wrk is needed for the ingestion benchmark (apt-get install wrk)');
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-ingest-bench-'));
  const server = await startDoseDot({
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    INGEST_TOKEN: TOKEN,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let bare: Running | undefined;
  const counter = await uplinkCounter(server, databaseUrl);
  try {
    if (process.env.BENCH_INGEST_NO_VERSIONS === '1') await dropUplinkVersionTriggers(server, databaseUrl);
    const script = wrkScript(dir);
    // The answer DoseDot sends to an uplink, its headers and bytes, for the bare route to send.
    const sample = JSON.parse(
      templates()
        .periodic.replace('__DEVEUI__', 'BE0CFFFFFFFFFFFF')
        .replace('__FCNT__', '1')
        .replace('__ID__', 'SAMPLE'),
    ) as unknown;
    const send = () =>
      request(`${server.url}/api/ingest/tts`, {
        json: sample,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    let answer = await send();
    // A busy machine just after the start: the server sheds load (503) until its event loop settles.
    for (let tries = 0; answer.status === 503 && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      answer = await send();
    }
    if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}: ${answer.body}`);
    bare = await startBare([{ path: '/api/ingest/tts', method: 'POST', ...answer }]);
    let runs = 0;
    const wrk = async (url: string) => {
      const { stdout } = await run(
        WRK,
        [
          '-t1',
          `-c${CONNECTIONS}`,
          `-d${ROUND_SECONDS}s`,
          '--latency',
          '-s',
          script,
          url,
          '--',
          `${Date.now().toString(16).slice(-6)}${String(runs).padStart(2, '0')}`,
          // Each run its own frame counters: a frame sent again is a duplicate, skipped.
          String(runs++ * 10_000_000),
        ],
        { maxBuffer: 1 << 20 },
      );
      const pct = (p: string) => {
        const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(stdout);
        return m ? Number(m[1]) * (unit[m[2] ?? ''] ?? Number.NaN) : Number.NaN;
      };
      return {
        rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN),
        p50: pct('50'),
        p99: pct('99'),
        sent: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? Number.NaN),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
      };
    };
    const bareUrl = bare.url;
    let warm = true;
    let stored = 0;
    const result = await alternate(
      {
        turn: async () => {
          const from = await counter.count();
          const t = await wrk(server.url);
          if (!warm) stored += (await counter.count()) - from;
          warm = false;
          return t;
        },
      },
      { turn: () => wrk(bareUrl) },
      log,
    );
    return {
      transport: 'webhook' as const,
      database,
      ...result,
      stored,
    };
  } finally {
    await counter.close();
    await bare?.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
/** A private Mosquitto on a free port (the same binary as TEST_MQTT_URL's), so no other subscriber of
 * the shared broker (other test runs) receives the flood; without the binary, TEST_MQTT_URL itself. */
async function privateBroker(fallback: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));
  if (!binary) return { url: fallback, stop: async () => {} };
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-broker-'));
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child = spawn(binary, ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error('mosquitto did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The bare subscriber (bench/lib/bare-subscriber.mjs): its count of handled messages on request. */
function startBareSubscriber(url: string, group: string) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib/bare-subscriber.mjs'), url, group],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return {
    ready: next(),
    count: async () => {
      const answer = next();
      child.stdin.write('count\n');
      return Number((await answer).split(' ')[1]);
    },
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The publisher process for one turn: resolves when connected, then with its count at the end. */
function publish(url: string, templatesFile: string, runId: string, fcntBase: number) {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'lib/mqtt-publisher.mjs'),
      url,
      String(ROUND_SECONDS),
      templatesFile,
      runId,
      String(fcntBase),
      String(CONNECTIONS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  let resolveStarted: () => void = () => {};
  const started = new Promise<void>((r) => {
    resolveStarted = r;
  });
  const published = new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'started') resolveStarted();
      const m = /^published (\d+)/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the publisher exited with ${code}`));
    });
  });
  return { started, published, exited: new Promise<void>((r) => child.once('exit', () => r())) };
}

/** Waits until `count` stops moving: the broker's queue for the subscriber is empty. */
async function settled(count: () => Promise<number>): Promise<void> {
  let last = await count();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

/**
 * MQTT ingestion from the broker beside a bare subscriber that parses and drops, on one engine. A
 * publisher process publishes for each turn at QoS 1 as fast as the broker acknowledges (64 in
 * flight); the rate is what the subscriber handled (DoseDot: stored) within the turn. DoseDot and
 * the bare subscriber each have their own broker (two Mosquittos), so neither receives the other's
 * turn; each turn waits until its subscriber has emptied the broker's queue (at most Mosquitto's
 * max_queued_messages, 1,000, beyond which the broker drops: published can exceed stored).
 */
async function mqttRow(
  database: IngestRow['database'],
  databaseUrl: string | undefined,
  brokerUrl: string,
  bareBrokerUrl: string,
  log: (l: string) => void,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-ingest-mqtt-'));
  const file = path.join(dir, 'templates.json');
  writeFileSync(file, JSON.stringify(templates()));
  const group = `bench${Date.now().toString(36)}`;
  const server = await startDoseDot({
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    MQTT_URL: `${brokerUrl}?group=${group}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const counter = await uplinkCounter(server, databaseUrl);
  let runs = 0;
  const runId = () => `${Date.now().toString(16).slice(-6)}${String(runs).padStart(2, '0')}`;
  try {
    if (process.env.BENCH_INGEST_NO_VERSIONS === '1') await dropUplinkVersionTriggers(server, databaseUrl);
    const bare = startBareSubscriber(bareBrokerUrl, group);
    await bare.ready;
    let stored = 0;
    let warm = true;
    const turnOf = (url: string, count: () => Promise<number>, ours: boolean) => async () => {
      const p = publish(url, file, runId(), runs++ * 10_000_000);
      await p.started;
      const from = await count();
      const began = performance.now();
      const sent = await p.published;
      const handled = (await count()) - from;
      const elapsed = (performance.now() - began) / 1000;
      await p.exited;
      await settled(count);
      if (ours && !warm) stored += (await count()) - from;
      if (ours) warm = false;
      return { rate: handled / elapsed, p50: Number.NaN, p99: Number.NaN, sent, non2xx: 0 };
    };
    const result = await alternate(
      { turn: turnOf(brokerUrl, counter.count, true) },
      { turn: turnOf(bareBrokerUrl, bare.count, false) },
      log,
    );
    await bare.stop();
    return {
      transport: 'MQTT' as const,
      database,
      ...result,
      stored,
    };
  } finally {
    await counter.close();
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

export interface IngestOptions {
  /** PostgreSQL rows on a fresh database of this server (TEST_DATABASE_URL). */
  postgresUrl?: string;
  /** MQTT rows (TEST_MQTT_URL): the bench's own Mosquittos when the binary is installed, else this broker. */
  mqttUrl?: string;
  /** Only these rows, e.g. ['webhook SQLite'] (BENCH_INGEST_ROWS, comma-separated). */
  only?: string[];
  log?: (line: string) => void;
}

/** Ingestion beside its bare counterpart: webhook and MQTT, on SQLite and (given its URL) PostgreSQL. */
export async function benchIngest(opts: IngestOptions = {}): Promise<IngestRow[]> {
  const log = opts.log ?? console.log;
  const rows: IngestRow[] = [];
  const engines: [IngestRow['database'], string | undefined][] = [['SQLite', undefined]];
  if (opts.postgresUrl) engines.push(['PostgreSQL', opts.postgresUrl]);
  const wanted = (name: string) => !opts.only || opts.only.includes(name);
  const onEngine = async (admin: string | undefined, measure: (url?: string) => Promise<IngestRow>) => {
    if (!admin) return measure();
    const fresh = await freshPostgres(admin);
    try {
      return await measure(fresh.url);
    } finally {
      await fresh.drop();
    }
  };
  for (const [database, admin] of engines) {
    if (!wanted(`webhook ${database}`)) continue;
    log(`  webhook ${database}`);
    rows.push(await onEngine(admin, (url) => webhookRow(database, url, log)));
    const last = rows[rows.length - 1] as IngestRow;
    log(
      `  webhook ${database}: ${Math.round(last.dosedot.rate)} vs ${Math.round(last.bare.rate)} → ${(last.share * 100).toFixed(0)} %`,
    );
  }
  if (opts.mqttUrl) {
    const fallback = opts.mqttUrl;
    for (const [database, admin] of engines) {
      if (!wanted(`MQTT ${database}`)) continue;
      log(`  MQTT ${database}`);
      const ours = await privateBroker(fallback);
      const theirs = await privateBroker(fallback);
      try {
        rows.push(await onEngine(admin, (url) => mqttRow(database, url, ours.url, theirs.url, log)));
      } finally {
        await ours.stop();
        await theirs.stop();
      }
      const last = rows[rows.length - 1] as IngestRow;
      log(
        `  MQTT ${database}: ${Math.round(last.dosedot.rate)} vs ${Math.round(last.bare.rate)} → ${(last.share * 100).toFixed(0)} %`,
      );
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(ROOT, 'packages/server/dist/main.js'))) {
    execFileSync('npm', ['run', 'build', '-w', '@dosedot/server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const rows = await benchIngest({
    postgresUrl: process.env.TEST_DATABASE_URL,
    mqttUrl: process.env.TEST_MQTT_URL,
    only: process.env.BENCH_INGEST_ROWS?.split(','),
  });
  console.log(JSON.stringify(rows, null, 2));
  if (process.env.BENCH_INGEST_ROWS === undefined) console.log(JSON.stringify(await benchChart(), null, 2));
}
