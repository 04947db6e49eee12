import { expect, test } from './fixtures';
import { accounts, newEmail, signUp, statePath, text, textsFetched } from './support';

const localeCookie = async (page: import('@playwright/test').Page) =>
  (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');

test.describe('languages', () => {
  test('the switcher lists the other two languages, keeps the page and sets the cookie', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByRole('button', { name: /Change the language/ }).click();
    const items = page.getByRole('menuitem');
    await expect(items).toHaveText(['Deutsch', 'Français']);
    await items.filter({ hasText: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/auth\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'auth.signup.heading'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const cookie = await localeCookie(page);
    expect(cookie?.value).toBe('de');
    // Kept for 365 days.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.getByRole('button', { name: /Sprache/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    expect((await localeCookie(page))?.value).toBe('en');
  });

  test('the browser language decides the first visit, the cookie afterwards', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CH' });
    const page = await context.newPage();
    const texts = textsFetched(page);
    await page.goto('/auth/signin');
    await expect(page).toHaveURL(/\/fr\/auth\/signin$/);
    await expect(page.getByRole('button', { name: text('fr', 'auth.signin.submit') })).toBeVisible();
    // The sign-in waits for French's sign-in texts only, not the signed-in pages' (issue 23 item 12).
    await page.waitForLoadState('networkidle');
    expect(texts.groups).toEqual(['fr-shell']);
    expect(texts.early).toEqual([]);
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', domain: 'localhost', path: '/' }]);
    const again = await context.newPage();
    await again.goto('/auth/signin');
    await expect(again).toHaveURL(/\/de\/auth\/signin$/);
    await context.close();
  });

  test.describe('signed in', () => {
    test.use({ storageState: statePath(accounts.anna.state) });

    test('/de/dashboard is German', async ({ page }) => {
      const texts = textsFetched(page);
      await page.goto('/de/dashboard');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const menu = page.getByRole('navigation', { name: text('de', 'nav.mainMenu') });
      await expect(menu.getByRole('link', { name: text('de', 'nav.myMedicine') })).toBeVisible();
      await expect(page.getByRole('tab', { name: text('de', 'pages.dashboard.daily') })).toBeVisible();
      await expect(page).toHaveTitle(`${text('de', 'pages.dashboard.title')} · DoseDot Web`);
      // It waits for German's sign-in and first screens' texts; the rest comes at the first tap, and
      // a page that needs it (the profile) shows in German.
      await page.waitForLoadState('networkidle');
      expect(texts.groups.sort()).toEqual(['de-core', 'de-shell']);
      await page.getByRole('button', { name: text('de', 'userMenu.open') }).click();
      await page.getByRole('menuitem', { name: text('de', 'nav.profile') }).click();
      await expect(page).toHaveURL(/\/de\/profile$/);
      await expect(page.getByText(text('de', 'pages.profile.status'))).toBeVisible();
      expect(texts.groups.sort()).toEqual(['de-core', 'de-rest', 'de-shell']);
      expect(texts.early).toEqual([]);
    });
  });

  test('switching language on a private page keeps the page and the profile keeps it', async ({ page }) => {
    await signUp(page, 'Lena Langue', newEmail('lang'), 'a-good-password');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard finishes loading first: a navigation while it still routes was aborted (flaky in CI).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/my-medicine/type-1');
    await page.getByRole('button', { name: /Change the language/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/my-medicine\/type-1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'pages.myMedicine.title'));
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token,
    );
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/profile/userdata', {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await res.json()).language;
      })
      .toBe('fr');
  });
});
