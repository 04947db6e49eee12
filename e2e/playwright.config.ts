import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/*
 * The e2e suite: the real built server (SQLite file in a fresh folder, demo data) driven by
 * Debian's Chromium. `node e2e/run.mjs` checks that Chromium exists before it starts this.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
// E2E_PORT and E2E_DATA_DIR let two suites run side by side on one machine.
export const DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A local OpenID Connect provider beside the server (e2e/oidc-provider.mjs; tests/oidc.spec.ts), on
// its own port so that side-by-side suites do not meet.
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 1000);
/** The network servers' webhook secret of the e2e server: specs send real uplinks to /api/ingest/*. */
export const INGEST_TOKEN = 'e2e-ingest-token-not-a-real-one';
const OIDC = {
  E2E_OIDC_PORT: String(OIDC_PORT),
  E2E_OIDC_REDIRECT_URI: `${BASE_URL}/api/auth/oidc/e2e-idp/callback`,
  E2E_OIDC_CLIENT_SECRET: 'e2e-client-secret-not-a-real-one',
};

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Ceilings, not durations: the whole suite (two Chromiums, the server and the test provider) shares
  // two cores, where a multi-page flow such as impersonation or a password reset took over 30 s
  // and a chart's first paint over 10 s. A test that truly hangs still fails, once retried.
  timeout: 90_000,
  expect: {
    timeout: 20_000,
    // The visual check (tests/visual.spec.ts): a screen may differ from its baseline in up to 1 % of
    // its pixels, with animations stopped. A pixel counts as different from a YIQ distance of 0.1
    // (the default 0.2 lets a blue turn into a green of the same lightness unseen).
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.01,
      threshold: 0.1,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  // Baselines live beside the specs and are written on purpose only (--update-snapshots, reason in
  // the commit). On CI a missing baseline fails instead of being written.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  reporter: [
    ['list'],
    ['html', { outputFolder: process.env.E2E_REPORT_DIR ?? './playwright-report', open: 'never' }],
  ],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    // A trace is recorded only when a failed test runs again (CI retries once): recording one for
    // every test (retain-on-failure) made the whole suite about a quarter slower on CI's 2 cores
    // (snapshots of the page at each step). Locally, `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 26 item 1) would answer some specs' requests from its caches;
    // the specs of the installable app (pwa.spec.ts) allow it, the others test the app without it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: 'node e2e/oidc-provider.mjs',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: OIDC,
    },
    {
      command: `rm -rf "${DATA_DIR}" && node packages/server/dist/main.js`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Each test comes from an address of its own (X-Forwarded-For, set in tests/fixtures.ts),
        // believed from loopback only: the per-address sign-in limits count one test's attempts.
        TRUST_PROXY: '127.0.0.1',
        // No 503 for event-loop delay, as in the API tests (packages/server/test/processes.ts): two
        // Chromiums and the server share CI's 2 cores, and the server's thread waits up to 0.6 s for
        // a core (profiled: the time went to writev and stat calls, no long task of its own). The
        // guard has its test in operations.test.ts. CI of 6258abd: the eMediplan import and the 404
        // page answered 'The server is busy' at the same moment.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        // The reminder scheduler's tick, short so reminders.spec.ts sees a reminder within seconds.
        REMINDER_TICK_MS: '2000',
        // The spec's own Web Push service (HTTPS on loopback, reminders.spec.ts) has a certificate
        // of its own, for tests only: the server trusts it besides the usual ones.
        NODE_EXTRA_CA_CERTS: path.resolve(import.meta.dirname, '../packages/server/test/push-service.pem'),
        // …and listens on loopback, where the server posts nothing otherwise.
        PUSH_PRIVATE_NETWORKS: 'true',
        INGEST_TOKEN,
        NODE_ENV: 'development',
        APP_URL: BASE_URL,
        OIDC_1_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_1_CLIENT_ID: 'dosedot',
        OIDC_1_CLIENT_SECRET: OIDC.E2E_OIDC_CLIENT_SECRET,
        OIDC_1_NAME: 'E2E Provider',
        OIDC_1_ID: 'e2e-idp',
      },
    },
  ],
});
