import { expect as baseExpect, type Page, test } from './fixtures';
import { text } from './support';

// Sign-in through the local OpenID Connect provider that playwright.config.ts starts beside the
// server (e2e/oidc-provider.mjs, configured as OIDC_1_* "E2E Provider").

// Each step crosses two servers and loads a lazy page: more room than the suite's 10 s on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The provider's own login page (oidc-provider's development form): any login name, any password. */
async function loginAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('sign-in with an OpenID Connect provider', () => {
  // Several pages and two servers per test: room for a busy machine.
  test.slow();

  test('signs in through the provider and lands on the dashboard, signed in as the new user', async ({
    page,
  }) => {
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Sign in with E2E Provider' }).click();
    await loginAtProvider(page, 'olivia');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Open the account menu' }).click();
    await expect(page.getByText('olivia.oidc@example.test')).toBeVisible();
    // The single-use code never stays in the history.
    expect(await page.evaluate(() => window.location.hash)).toBe('');

    // A second sign-in finds the same account.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Sign in with E2E Provider' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an address the provider has not confirmed is refused with the reason, in German', async ({
    page,
  }) => {
    await page.goto('/de/auth/signin');
    await page.getByRole('link', { name: 'Mit E2E Provider anmelden' }).click();
    await loginAtProvider(page, 'unverified');

    await expect(page).toHaveURL(/\/de\/auth\/signin\?error=email_unverified$/);
    await expect(page.getByRole('alert')).toHaveText(text('de', 'auth.providers.errors.email_unverified'));
  });

  test('a tampered answer is refused with the reason', async ({ page }) => {
    await page.goto('/api/auth/oidc/e2e-idp/callback?code=forged&state=forged');
    await expect(page).toHaveURL(/\/auth\/signin\?error=state$/);
    await expect(page.getByRole('alert')).toHaveText(text('en', 'auth.providers.errors.state'));
  });
});
