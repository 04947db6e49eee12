import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { measureBundles, SIGNIN_BUDGET_KB } from './bundle-size';

// `npm run bench`: builds the web app, measures, and writes bench/RESULTS.md.
const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'packages/web/dist/index.html')) || process.env.BENCH_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build', '-w', '@dosedot/web'], { cwd: root, stdio: 'inherit' });
}

const weights = await measureBundles();
const signin = weights.find((w) => w.page === '/auth/signin');
const withinBudget = !!signin && signin.gzipKb <= SIGNIN_BUDGET_KB;
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();

const lines = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.ts); do not edit by hand.',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}.`,
  '',
  '## JavaScript loaded per page (web app)',
  '',
  'Every script Chromium fetches to show the page from the built app and the real server, each file',
  'counted once and gzip-compressed at the default level. Budget for /auth/signin: ' +
    `${SIGNIN_BUDGET_KB} KB gzip.`,
  '',
  '| page | scripts | raw KB | gzip KB | budget |',
  '|---|---:|---:|---:|---|',
  ...weights.map(
    (w) =>
      `| ${w.page} | ${w.files} | ${w.rawKb} | ${w.gzipKb} | ${
        w.page === '/auth/signin'
          ? w.gzipKb <= SIGNIN_BUDGET_KB
            ? `within ${SIGNIN_BUDGET_KB} KB`
            : `OVER ${SIGNIN_BUDGET_KB} KB`
          : '–'
      } |`,
  ),
  '',
];
writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
if (!withinBudget) {
  console.error(`/auth/signin loads more than ${SIGNIN_BUDGET_KB} KB of gzip JavaScript`);
  process.exit(1);
}
