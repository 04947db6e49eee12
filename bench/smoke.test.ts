import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { benchApi } from './api';
import { ROOT } from './lib/processes';

// The benchmark must not rot: one second against one route, no thresholds (figures live in
// RESULTS.md, from `npm run bench`).
describe('npm run bench (smoke)', () => {
  it('runs the API benchmark against the built server and the bare ceiling', {
    timeout: 120_000,
  }, async () => {
    execFileSync(process.execPath, ['packages/server/build.mjs'], { cwd: ROOT, stdio: 'ignore' });
    const figures = await benchApi({ quick: true, database: 'SQLite', log: () => {} });
    expect(figures.routes).toHaveLength(1);
    const [route] = figures.routes;
    expect(route?.route).toBe('/api/users/me');
    expect(route?.dosedot.rps).toBeGreaterThan(0);
    expect(route?.bare.rps).toBeGreaterThan(0);
    expect(route?.dosedot.non2xx).toBe(0);
  });
});
