import { defineConfig } from 'vitest/config';

// Unit tests of every package and the API tests (Fastify inject against real databases).
// The e2e suite runs separately in Chromium with Playwright's test runner.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PostgreSQL tests each create their own database; two workers suit this 2-core machine.
    maxWorkers: 2,
  },
});
