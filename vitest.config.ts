import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { texts } from './packages/web/texts';
import { webfont } from './packages/web/webfont';

// Unit tests of every package and the API tests (Fastify inject against real databases).
// The e2e suite runs separately in Chromium with Playwright's test runner.
export default defineConfig({
  // The web app's webfont module (its faces' files and characters) and its texts' groups, as the
  // build has them: the route tree's modules import them.
  plugins: [webfont(path.join(import.meta.dirname, 'node_modules/.cache')), texts()],
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PostgreSQL tests each create their own database; two workers suit this 2-core machine.
    maxWorkers: 2,
  },
});
