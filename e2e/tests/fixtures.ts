import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: Playwright's, with one automatic fixture that closes, when a test ends, every
 * browser context the test opened itself (a second user, a phone) and left open. A worker keeps one
 * browser for all its tests, so such a context's page went on running (its timers, its polling, its
 * memory) beside every later test of that worker, and showed up in their failure screenshots.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  /**
   * Every test a person at an address of their own, as people on their own phones are: the e2e
   * server believes X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), so its
   * per-address limits (30 sign-ins or registrations a minute, 5 failed sign-ins per 15 minutes)
   * count the attempts of one test, not of the whole suite from 127.0.0.1. At full speed the two
   * workers signed in more than 30 times a minute and a test's sign-in was refused with 429.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash('sha256')
      .update(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`)
      .digest();
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${a}.${b}.${c}` });
  },
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
