import type { ApiFigures, RouteFigure } from './api';
import { BUDGETS_KB, budgetOf, type PageWeight } from './bundle-size';
import type { HistoryFigures } from './history';
import type { ChartFigures, IngestRow } from './ingest';
import { COLD_START_TARGETS, type ColdStart } from './lighthouse';

const n = (v: number) => Math.round(v).toLocaleString('en-US');

/** Issue 25 item 1: every read at ≥ 50 % of the bare route on SQLite, ≥ 40 % on PostgreSQL. */
const SHARE_TARGET: Record<string, number> = { SQLite: 0.5, PostgreSQL: 0.4 };
/** …and its p99 at 50 connections within 3× the bare route's. */
const P99_TARGET = 3;

/** Whether a figure meets issue 25's targets: the share, and at 50 connections the p99. */
function verdict(database: string, r: RouteFigure): string {
  const shareOk = r.share >= (SHARE_TARGET[database] ?? 0);
  const ratio = r.dosedot.p99 / r.bare.p99;
  const p99Ok = r.connections < 50 || ratio <= P99_TARGET;
  const p99 = r.connections < 50 ? '' : ` · p99 ${ratio.toFixed(1)}×`;
  return `${shareOk && p99Ok ? 'met' : 'MISSED'}${p99}`;
}
const ms = (v: number) => v.toFixed(2);

export function bundleSection(weights: PageWeight[]): string {
  return [
    '## JavaScript loaded per page (web app)',
    '',
    'Every script Chromium fetches to show the page from the built app and the real server (until the',
    'network is idle), each file counted once and gzip-compressed at the default level; /dashboard as the',
    'demo patient and as the demo administrator. Budgets (issue 25 item 6): ' +
      Object.entries(BUDGETS_KB)
        .map(([page, budget]) => `${page} ${budget} KB gzip`)
        .join(', ') +
      '.',
    '',
    '| page | as | scripts | raw KB | gzip KB | budget |',
    '|---|---|---:|---:|---:|---|',
    ...weights.map(
      (w) =>
        `| ${w.page} | ${w.as} | ${w.files} | ${w.rawKb} | ${w.gzipKb} | ${
          w.gzipKb <= budgetOf(w) ? 'within' : 'OVER'
        } ${budgetOf(w)} KB |`,
    ),
    '',
  ].join('\n');
}

export function apiSection(runs: ApiFigures[]): string {
  const lines = [
    '## API reads beside the ceiling',
    '',
    'The production server as `npm start` runs it (packages/server/dist/main.js, fresh data folder, demo',
    'data, logging at info), the demo patient signed in; beside it, in the same run, a bare Fastify server',
    'with no plugins sending the same bytes (the same headers, security headers included, and body).',
    'After a discarded warm-up of each, the two take turns',
    '(rounds), and each row is the round with the median share, so a drift of the shared machine',
    'during one figure does not decide it. Load from a separate process on loopback.',
    'Share = DoseDot req/s ÷ bare req/s. Target (issue 25 item 1): share ≥ 50 % on SQLite and ≥ 40 % on',
    'PostgreSQL, and at 50 connections a p99 within 3× the bare p99.',
    '',
  ];
  for (const run of runs) {
    lines.push(
      `### ${run.database} (${run.generator}, ${run.rounds} rounds of ${run.seconds} s each per figure)`,
      '',
      '| route | conn. | DoseDot req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | share | target |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...run.routes.map(
        (r) =>
          `| ${r.route} | ${r.connections} | ${n(r.dosedot.rps)} | ${ms(r.dosedot.p50)} | ${ms(r.dosedot.p99)} | ${n(r.bare.rps)} | ${ms(r.bare.p50)} | ${ms(r.bare.p99)} | ${(r.share * 100).toFixed(0)} % | ${verdict(run.database, r)} |`,
      ),
      '',
    );
    if (run.storm) {
      const s = run.storm;
      lines.push(
        `Login storm: 20 logins kept in flight (20 accounts, each from its own loopback address) while GET /api/users/me`,
        `is measured at 10 connections: p99 ${ms(s.idle.p99)} ms idle → ${ms(s.storm.p99)} ms during the storm`,
        `(${s.ratioP99.toFixed(2)}×), reads ${n(s.idle.rps)} → ${n(s.storm.rps)} req/s; ${s.loginsPerSecond.toFixed(1)} logins/s`,
        `(${s.logins} logins, ${s.failedLogins} refused).`,
        '',
      );
    }
  }
  return lines.join('\n');
}

/** The administrator's lists with 500 patients and 1000 boxes (issue 24's target: p50 under 100 ms). */
export function fleetSection(runs: ApiFigures[]): string {
  const lines = [
    '## Lists at fleet scale (issue 24)',
    '',
    'The production server seeded with SEED_FLEET=500 (500 patients holding a box each, 500 free boxes,',
    'bench/api.ts FLEET_ROUTES), the demo administrator signed in; beside it the bare server sending the',
    'same bytes, in turns as above. At one connection each request is alone, so p50 is its latency;',
    'target: p50 under 100 ms on both engines; at 10 and 50 connections the share targets of the API',
    'reads (issue 25 item 1).',
    '',
  ];
  for (const run of runs) {
    lines.push(
      `### ${run.database} (${run.generator}, ${run.rounds} rounds of ${run.seconds} s each per figure)`,
      '',
      '| route | conn. | DoseDot req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | share | target |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...run.routes.map(
        (r) =>
          `| ${r.route.replaceAll('|', '\\|')} | ${r.connections} | ${n(r.dosedot.rps)} | ${ms(r.dosedot.p50)} | ${ms(r.dosedot.p99)} | ${n(r.bare.rps)} | ${ms(r.bare.p50)} | ${ms(r.bare.p99)} | ${(r.share * 100).toFixed(0)} % | ${r.connections === 1 ? '' : verdict(run.database, r)} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

export function historySection(f: HistoryFigures): string {
  return [
    '## A year of history (issue 9)',
    '',
    `One patient, four daily doses over 365 days (${f.intakes} intakes, ${f.presses} presses on their box), SQLite,`,
    'the production build, one request at a time after 5 discarded, 20 measured (time to the last byte',
    'on loopback, JSON parsed by nobody). Targets: history endpoint under 100 ms.',
    '',
    '| call | p50 ms | p95 ms | size |',
    '|---|---:|---:|---|',
    `| GET /api/medicine-schedule/medicine/{id}?from&to (a year) | ${ms(f.history.p50)} | ${ms(f.history.p95)} | ${f.history.entries} history entries |`,
    `| GET /api/adherence?from&to (a year) | ${ms(f.adherence.p50)} | ${ms(f.adherence.p95)} | ${f.adherence.days} chart days |`,
    '',
  ].join('\n');
}

/** Issue 25 item 2: ingestion at ≥ 60 % of its bare counterpart, on both engines and both transports. */
const INGEST_SHARE_TARGET = 0.6;

export function ingestSection(rows: IngestRow[], chart: ChartFigures): string {
  const first = rows[0];
  return [
    '## Sensor box (issue 10)',
    '',
    'Ingestion on the production build, each uplink acknowledged only when durable (SQLite: after its',
    'group commit and an fdatasync of the write-ahead log; PostgreSQL: a committed transaction): TTS v3 uplinks, each its own identity and',
    'frame counter, 200 devices, every tenth with a button press. Beside it, in the same run, its bare',
    'counterpart writing nothing. Webhook: wrk (a separate process, loopback) with',
    `${first?.connections ?? 64} connections posts to POST /api/ingest/tts; the bare counterpart is a Fastify POST route`,
    'with no plugins that parses the same JSON body and answers the bytes and headers DoseDot answered.',
    'MQTT: a publisher process publishes at QoS 1 as fast as the broker acknowledges',
    `(${first?.connections ?? 64} in flight) to a Mosquitto of its own; DoseDot subscribes as it does in production`,
    '(shared subscription, QoS 1, PUBACK after the commit) and its rate is uplinks stored within the',
    "turn; the bare counterpart is an MQTT client with the same subscription that parses each message's",
    "JSON and acknowledges it, writing nothing, on a second Mosquitto (neither sees the other's turn).",
    `The two take turns, ${first?.rounds ?? 10} rounds of ${first?.seconds ?? 2} s after a warm-up; each row is the round with the median`,
    `share. Target (issue 25 item 2): share ≥ ${INGEST_SHARE_TARGET * 100} %. Sent and stored count every measured round`,
    "(MQTT: published can exceed stored when the publisher outruns the subscriber by more than Mosquitto's",
    'queue of 1,000 per client, which drops the rest; none of those was acknowledged to DoseDot).',
    '',
    '| transport | engine | DoseDot uplinks/s | bare /s | share | p50 / p99 ms | sent | stored | non-2xx | target |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.transport} | ${r.database} | ${n(r.dosedot.rate)} | ${n(r.bare.rate)} | ${(r.share * 100).toFixed(0)} % | ${
          Number.isNaN(r.dosedot.p50) ? '–' : `${ms(r.dosedot.p50)} / ${ms(r.dosedot.p99)}`
        } | ${r.sent} | ${r.stored} | ${r.non2xx} | ${r.share >= INGEST_SHARE_TARGET ? 'met' : 'MISSED'} |`,
    ),
    '',
    `Sensor chart over a year of 10-minute readings (${chart.readings} rows): p50 ${ms(chart.p50)} ms (target < 50),`,
    `p95 ${ms(chart.p95)} ms, ${chart.pointsPerSeries} points per series (at most 1,000).`,
    '',
  ].join('\n');
}

export function coldStartSection(pages: ColdStart[]): string {
  const t = COLD_START_TARGETS;
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    '## Cold start on a phone (Lighthouse)',
    '',
    "Lighthouse 12's mobile preset (simulated slow 4G: 150 ms, 1.6 Mbit/s; 4× CPU slowdown; a phone's",
    'screen) in Debian Chromium on a cold load of the built app from the real server (cache and storage',
    'cleared), /dashboard and /my-medicine signed in as the demo patient; the median of the runs by',
    `performance. Targets: performance ≥ ${t.performance}, accessibility ≥ ${t.accessibility}, best practices ≥ ${t.bestPractices},`,
    `LCP ≤ ${t.lcpMs / 1000} s, at most ${t.requests} requests; ✗ marks a miss. Requests are those over the`,
    "network; data: URLs of Lighthouse's list (Chromium's own icons of date and time inputs, decoded in",
    'the page) are counted apart, in brackets.',
    '',
    '| page | performance | accessibility | best practices | LCP s | TBT ms | requests | transfer KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.page} | ${p.performance}${mark(p.performance >= t.performance)} | ${p.accessibility}${mark(
          p.accessibility >= t.accessibility,
        )} | ${p.bestPractices}${mark(p.bestPractices >= t.bestPractices)} | ${(p.lcpMs / 1000).toFixed(
          2,
        )}${mark(p.lcpMs <= t.lcpMs)} | ${p.tbtMs} | ${p.requests}${mark(p.requests <= t.requests)}${
          p.dataUrls > 0 ? ` (+${p.dataUrls} data:)` : ''
        } | ${p.transferKb} |`,
    ),
    '',
  ].join('\n');
}
