import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { type ApiFigures, benchApi } from './api';
import { measureBundles, SIGNIN_BUDGET_KB } from './bundle-size';
import { benchHistory } from './history';
import { benchChart, benchIngest } from './ingest';
import { ROOT } from './lib/processes';
import { freshPostgres } from './pg';
import { apiSection, bundleSection, historySection, ingestSection } from './report';

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
  const signin = weights.find((w) => w.page === '/auth/signin');
  failed ||= !signin || signin.gzipKb > SIGNIN_BUDGET_KB;
  sections.push(bundleSection(weights));
}
if (wants('api')) {
  const runs: ApiFigures[] = [];
  console.log('API on SQLite');
  runs.push(await benchApi({ database: 'SQLite' }));
  if (process.env.TEST_DATABASE_URL) {
    console.log('API on PostgreSQL');
    const database = await freshPostgres(process.env.TEST_DATABASE_URL);
    try {
      runs.push(await benchApi({ database: 'PostgreSQL', env: { DATABASE_URL: database.url } }));
    } finally {
      await database.drop();
    }
  }
  sections.push(apiSection(runs));
}
if (wants('history')) sections.push(historySection(await benchHistory()));
if (wants('ingest')) sections.push(ingestSection(await benchIngest(), await benchChart()));
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
const text = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.ts) down to the notes line; the notes below it are kept.',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}.`,
  '',
  ...sections,
  notes,
].join('\n');
writeFileSync(file, text);
console.log(text);
if (failed) {
  console.error(`/auth/signin loads more than ${SIGNIN_BUDGET_KB} KB of gzip JavaScript`);
  process.exit(1);
}
