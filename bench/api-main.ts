// `node --import tsx bench/api-main.ts [--quick] [--routes a,b] [--long-ranges] [--connections 10,50] [--seconds N] [--no-storm]`:
// the API benchmark alone, printed as JSON (the full run with RESULTS.md is `npm run bench`).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { ROOT } from './lib/processes';
import { freshPostgres } from './pg';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    routes: { type: 'string' },
    connections: { type: 'string' },
    seconds: { type: 'string' },
    'no-storm': { type: 'boolean', default: false },
    // The month and year reads too (the server seeded with a year of history, as `npm run bench`).
    'long-ranges': { type: 'boolean', default: false },
    env: { type: 'string', multiple: true },
    postgres: { type: 'boolean', default: false },
  },
});
execFileSync(process.execPath, ['packages/server/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
const database =
  values.postgres && process.env.TEST_DATABASE_URL
    ? await freshPostgres(process.env.TEST_DATABASE_URL)
    : undefined;
const figures = await benchApi({
  quick: values.quick,
  database: database ? 'PostgreSQL' : 'SQLite',
  routes: values.routes?.split(','),
  longRanges: values['long-ranges'],
  connections: values.connections?.split(',').map(Number),
  seconds: values.seconds ? Number(values.seconds) : undefined,
  storm: !values['no-storm'],
  env: {
    ...Object.fromEntries((values.env ?? []).map((kv) => kv.split('=') as [string, string])),
    ...(database ? { DATABASE_URL: database.url } : {}),
  },
});
await database?.drop();
console.log(JSON.stringify(figures, null, 2));
