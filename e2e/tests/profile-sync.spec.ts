import { expect, type Locator, type Page, test } from './fixtures';
import { accounts, newEmail, signIn, signUp, statePath, text } from './support';

// The theme's page backgrounds (packages/web/src/lib/theme.ts SURFACES).
const LIGHT_PAGE = 'rgb(244, 246, 249)';
const DARK_PAGE = 'rgb(15, 19, 22)';

/** Reads the profile as the server has it, with the page's own token. */
async function serverProfile(page: Page): Promise<{ is_dark: boolean; language: string }> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token,
  );
  const res = await page.request.get('/api/profile/userdata', {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json();
}

/** The window regains focus, as when the user comes back to the tab or the app. */
const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/*
 * Issue 23 item 6: dark mode and language saved on the profile on one device reach another device
 * that is already signed in, when its window regains focus (no reload) and on its next load.
 */
test('dark mode and language changed on one device apply on another on focus and on reload', async ({
  browser,
}) => {
  test.slow();
  const email = newEmail('sync');
  const password = 'a-good-password';
  const a = await (await browser.newContext()).newPage();
  await signUp(a, 'Sina Sync', email, password);
  await expect(a).toHaveURL(/\/dashboard$/);

  const b = await (await browser.newContext()).newPage();
  await b.goto('/auth/signin');
  await signIn(b, email, password);
  await expect(b).toHaveURL(/\/dashboard$/);
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pages.dashboard.title'));
  await expect(b.locator('body')).toHaveCSS('background-color', LIGHT_PAGE);

  // Device A: dark mode and German, both saved on the profile.
  await a.getByRole('button', { name: text('en', 'settings.open') }).click();
  const drawer = a.getByRole('dialog', { name: text('en', 'settings.title') });
  await drawer.getByRole('button', { name: text('en', 'settings.dark') }).click();
  await a.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await a.getByRole('button', { name: /Change the language/ }).click();
  await a.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(a).toHaveURL(/\/de\/dashboard$/);
  await expect.poll(() => serverProfile(a)).toMatchObject({ is_dark: true, language: 'de' });

  // Device B, untouched so far, still shows what it had; then its window regains focus.
  await expect(b.locator('body')).toHaveCSS('background-color', LIGHT_PAGE);
  await focusWindow(b);
  await expect(b.locator('body')).toHaveCSS('background-color', DARK_PAGE);
  await expect(b).toHaveURL(/\/de\/dashboard$/);
  await expect(b.locator('html')).toHaveAttribute('lang', 'de');
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(text('de', 'pages.dashboard.title'));

  // Device A: light again and French; device B sees it on its next load.
  await a.getByRole('button', { name: text('de', 'settings.open') }).click();
  const drawerDe = a.getByRole('dialog', { name: text('de', 'settings.title') });
  await drawerDe.getByRole('button', { name: text('de', 'settings.light') }).click();
  await a.keyboard.press('Escape');
  await expect(drawerDe).toBeHidden();
  await a
    .getByRole('button', { name: new RegExp(text('de', 'language.choose').split('{{')[0] ?? '') })
    .click();
  await a.getByRole('menuitem', { name: 'Français' }).click();
  await expect(a).toHaveURL(/\/fr\/dashboard$/);
  await expect.poll(() => serverProfile(a)).toMatchObject({ is_dark: false, language: 'fr' });

  await b.reload();
  await expect(b).toHaveURL(/\/fr\/dashboard$/);
  await expect(b.locator('body')).toHaveCSS('background-color', LIGHT_PAGE);
  await expect(b.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'pages.dashboard.title'));

  // A page opened in another language on purpose is not overruled while the profile is unchanged.
  await b.goto('/de/dashboard');
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(text('de', 'pages.dashboard.title'));
  await focusWindow(b);
  await b.waitForTimeout(1_000);
  await expect(b).toHaveURL(/\/de\/dashboard$/);
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(text('de', 'pages.dashboard.title'));
  await a.context().close();
  await b.context().close();
});

/** The colour a marker of the legend is drawn in (its SVG shape's stroke). */
const markColour = (item: Locator) =>
  item
    .locator('svg > *')
    .first()
    .evaluate((shape) => getComputedStyle(shape).stroke);

test.describe('primary colour', () => {
  test.use({ storageState: statePath(accounts.anna.state) });

  /*
   * Issue 23 item 7: the status markers (every kind of dot in the legend, the unmatched press
   * included) keep their own colours when the user picks another primary colour; the primary UI
   * (a contained button) takes it.
   */
  test('recolours the primary UI but never a status marker', async ({ page }) => {
    await page.goto('/profile');
    const save = page
      .getByRole('region', { name: text('en', 'profile.form.title') })
      .getByRole('button', { name: text('en', 'profile.form.save') });
    const saveBefore = await save.evaluate((el) => getComputedStyle(el).backgroundColor);

    await page.goto('/dashboard/weekly');
    const legend = page.getByRole('list', { name: text('en', 'dashboard.legend') });
    const items = legend.getByRole('listitem');
    await expect(items.filter({ hasText: text('en', 'dashboard.dot.unmatched') })).toBeVisible();
    const before = await Promise.all((await items.all()).map(markColour));
    expect(before.length).toBeGreaterThanOrEqual(6);

    await page.getByRole('button', { name: text('en', 'settings.open') }).click();
    const drawer = page.getByRole('dialog', { name: text('en', 'settings.title') });
    await drawer
      .getByRole('button', { name: text('en', 'settings.swatch').replace('{{color}}', '#6a1b9a') })
      .click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const chosen = 'rgb(106, 27, 154)';

    const after = await Promise.all((await items.all()).map(markColour));
    expect(after).toEqual(before);
    expect(after).not.toContain(chosen);

    await page.goto('/profile');
    await expect(save).toHaveCSS('background-color', chosen);
    expect(saveBefore).not.toBe(chosen);
  });
});
