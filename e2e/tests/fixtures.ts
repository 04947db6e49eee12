import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: Playwright's, with one automatic fixture that closes, when a test ends, every
 * browser context the test opened itself (a second user, a phone) and left open. A worker keeps one
 * browser for all its tests, so such a context's page went on running (its timers, its polling, its
 * memory) beside every later test of that worker, and showed up in their failure screenshots.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
