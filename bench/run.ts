import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { type ApiFigures, benchApi, FLEET_ROUTES } from './api';
import { budgetOf, measureBundles } from './bundle-size';
import { benchHistory } from './history';
import { benchChart, benchIngest } from './ingest';
import { ROOT } from './lib/processes';
import { measureColdStart } from './lighthouse';
import { freshPostgres } from './pg';
import {
  apiSection,
  bundleSection,
  coldStartSection,
  fleetSection,
  historySection,
  ingestSection,
} from './report';

// `npm run bench`: builds the app as `npm start` does, measures, and writes bench/RESULTS.md.
// Everything below the line "<!-- notes -->" in RESULTS.md is kept: the hand-written history.
if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(ROOT, 'packages/server/dist/main.js'))) {
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
const only = process.env.BENCH_ONLY?.split(',');
const wants = (part: string) => !only || only.includes(part);

const sections: string[] = [];
let failed = false;
if (wants('bundle')) {
  const weights = await measureBundles();
  const over = weights.filter((w) => w.gzipKb > budgetOf(w));
  for (const w of over)
    console.error(`${w.page} (${w.as}) loads ${w.gzipKb} KB of gzip JavaScript, over ${budgetOf(w)} KB`);
  failed ||= over.length > 0;
  sections.push(bundleSection(weights));
}
if (wants('lighthouse')) {
  const section = coldStartSection(await measureColdStart());
  // A trial (some of the pages, or the devtools throttling) is printed, not written over the table.
  if (process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_THROTTLING) console.log(section);
  else sections.push(section);
}
if (wants('api')) {
  const runs: ApiFigures[] = [];
  console.log('API on SQLite');
  runs.push(await benchApi({ database: 'SQLite', longRanges: true }));
  if (process.env.TEST_DATABASE_URL) {
    console.log('API on PostgreSQL');
    const database = await freshPostgres(process.env.TEST_DATABASE_URL);
    try {
      runs.push(
        await benchApi({ database: 'PostgreSQL', longRanges: true, env: { DATABASE_URL: database.url } }),
      );
    } finally {
      await database.drop();
    }
  }
  sections.push(apiSection(runs));
}
if (wants('fleet')) {
  // The lists at fleet scale: their own server with SEED_FLEET=500, one connection (each request
  // alone: its latency), ten and fifty, beside the bare route.
  const fleet = { env: { SEED_FLEET: '500' }, routes: FLEET_ROUTES, connections: [1, 10, 50], storm: false };
  const runs: ApiFigures[] = [];
  console.log('Lists at fleet scale on SQLite');
  runs.push(await benchApi({ ...fleet, database: 'SQLite' }));
  if (process.env.TEST_DATABASE_URL) {
    console.log('Lists at fleet scale on PostgreSQL');
    const database = await freshPostgres(process.env.TEST_DATABASE_URL);
    try {
      runs.push(
        await benchApi({
          ...fleet,
          database: 'PostgreSQL',
          env: { ...fleet.env, DATABASE_URL: database.url },
        }),
      );
    } finally {
      await database.drop();
    }
  }
  sections.push(fleetSection(runs));
}
if (wants('history')) sections.push(historySection(await benchHistory()));
if (wants('ingest')) {
  console.log('Ingestion');
  const rows = await benchIngest({
    postgresUrl: process.env.TEST_DATABASE_URL,
    mqttUrl: process.env.TEST_MQTT_URL,
  });
  sections.push(ingestSection(rows, await benchChart()));
}
if (wants('adherence') && existsSync(path.join(import.meta.dirname, 'adherence-engine.ts'))) {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'adherence-engine.ts')],
    {
      cwd: ROOT,
    },
  ).toString();
  sections.push(['## Adherence engine (packages/domain)', '', '```', out.trim(), '```', ''].join('\n'));
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
const file = path.join(import.meta.dirname, 'RESULTS.md');
const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
const notes = previous.includes('<!-- notes -->')
  ? previous.slice(previous.indexOf('<!-- notes -->'))
  : '<!-- notes -->\n';
// With BENCH_ONLY, the sections of the previous results that were not measured again stay, in place.
const generated = previous.includes('<!-- notes -->')
  ? previous.slice(0, previous.indexOf('<!-- notes -->'))
  : '';
const titleOf = (section: string) => section.slice(0, section.indexOf('\n'));
const kept = only ? generated.split(/^(?=## )/m).slice(1) : [];
const measuredLine = `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}.`;
// A section measured alone says when; the line at the top stays that of the last full run.
const measured = new Map(
  sections.map((s) => [titleOf(s), only ? s.replace('\n', `\n\n${measuredLine} (BENCH_ONLY)\n`) : s]),
);
const previousLine = /^Measured .*$/m.exec(generated)?.[0];
const merged = [
  ...kept.map((s) => {
    const fresh = measured.get(titleOf(s));
    measured.delete(titleOf(s));
    return fresh ?? s.replace(/\n+$/, '\n');
  }),
  ...measured.values(),
];
const text = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.ts) down to the notes line; the notes below it are kept.',
  '',
  only && previousLine ? previousLine : measuredLine,
  '',
  ...merged,
  notes,
].join('\n');
writeFileSync(file, text);
console.log(text);
if (failed) {
  console.error('A page loads more JavaScript than its budget (above).');
  process.exit(1);
}
