import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { expect, test } from './fixtures';
import { ARTIFACTS, accounts, expectAccessible, presetTheme, statePath } from './support';

// Screens in light and dark: axe-core finds no serious or critical violation, and a screenshot
// of each is kept in e2e/artifacts/ (and attached to the report) for people to look at.
for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} theme`, () => {
    test.beforeEach(async ({ page }) => presetTheme(page, mode));

    test(`sign-in, register and 404 are accessible (${mode})`, async ({ page }, testInfo) => {
      for (const [name, url, heading] of [
        ['signin', '/auth/signin', 'Welcome back'],
        ['register', '/auth/signup', 'Create your DoseDot account'],
        ['404', '/no/such/page', 'How did you get here?'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectAccessible(page);
        const file = path.join(ARTIFACTS, `${name}-${mode}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${mode}`, { path: file, contentType: 'image/png' });
      }
    });

    test.describe('signed in', () => {
      test.use({ storageState: statePath(accounts.anna.state) });
      test(`the dashboard is accessible (${mode})`, async ({ page }, testInfo) => {
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        // The dashboard's content belongs to its feature: wait until its data has arrived.
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
        const file = path.join(ARTIFACTS, `dashboard-${mode}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`dashboard-${mode}`, { path: file, contentType: 'image/png' });
      });
    });
  });
}

test('menus, drawers and dialogs work by keyboard', async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath(accounts.anna.state) });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The account menu opens with Enter and focuses its first item, Profile.
  await page.getByRole('button', { name: 'Open the account menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);

  // Arrow down to Logout; the dialog closes with Escape.
  await page.getByRole('button', { name: 'Open the account menu' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Open the settings' }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await context.close();
});

test('the privacy page has the blue bar with a back button', async ({ page }) => {
  await page.goto('/auth/signup');
  await page.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  // Blue: the brand surface, #0096c7's darker fill, with white text on it.
  await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(17, 127, 168)');
  await expect(page.locator('header')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  for (const [link, heading] of [
    ['FAQ', 'Frequently asked questions'],
    ['Contact', 'Contact'],
    ['Terms', 'Terms of use'],
  ]) {
    await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test.use({ storageState: statePath(accounts.anna.state), viewport: { width: 390, height: 800 } });

  test('the side menu opens from the toolbar by keyboard and the page stays accessible', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Open the menu' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'My Medicine' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-medicine$/);
    await expect(menu).toBeHidden();
  });

  test("the side menu's code loads when the menu is first wanted, and a tap opens it even before", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // A slow network once the page is there: the menu's code arrives a second after it is asked for.
    let opened = false;
    await page.route('**/assets/*.js', async (route) => {
      if (opened) await delay(1_000);
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const atStart = scripts.length;
    opened = true;
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // It came with the tap, not with the page.
    expect(scripts.length).toBeGreaterThan(atStart);
    await menu.getByRole('link', { name: 'My Medicine' }).click();
    await expect(page).toHaveURL(/\/my-medicine$/);
    await expect(menu).toBeHidden();
  });
});
