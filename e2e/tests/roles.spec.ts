import { expect, type Page, test } from './fixtures';
import { accounts, statePath, text } from './support';

const menu = (page: Page, lang: 'en' | 'de' = 'en') =>
  page.getByRole('navigation', { name: text(lang, 'nav.mainMenu') });

test.describe('basic user', () => {
  test.use({ storageState: statePath(accounts.anna.state) });

  test('sees Dashboard, My Medicine and Cumulative Chart, neither Devices nor Users', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'My Medicine', 'Cumulative Chart']);
  });

  test('/devices and /patient-list send them to /error/401', async ({ page }) => {
    for (const path of ['/devices', '/patient-list']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/error\/401$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('en', 'errorPages.unauthorized.heading'),
      );
    }
  });

  test('the role guard waits while the user is still loading', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/users/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/devices');
    await expect(page.getByRole('status')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/devices$/);
    release();
    await expect(page).toHaveURL(/\/error\/401$/);
  });

  test('My Health Data is not theirs', async ({ page }) => {
    await page.goto('/my-health-data');
    await expect(page).toHaveURL(/\/error\/401$/);
  });
});

test.describe('admin', () => {
  test.use({ storageState: statePath(accounts.admin.state) });

  test('sees Dashboard, My Medicine, Devices and Users, and opens both admin pages', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'My Medicine', 'Devices', 'Users']);
    await menu(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/patient-list$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
    await menu(page).getByRole('link', { name: 'Devices' }).click();
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Devices');
  });
});

test.describe('health-data user', () => {
  test.use({ storageState: statePath(accounts.heidi.state) });

  test('sees My Health Data besides the patient menu', async ({ page }) => {
    // Heidi's profile language is German.
    await page.goto('/de/dashboard');
    await expect(menu(page, 'de').getByRole('link')).toHaveText([
      text('de', 'nav.dashboard'),
      text('de', 'nav.myMedicine'),
      text('de', 'nav.cumulativeChart'),
      text('de', 'nav.myHealthData'),
    ]);
    await menu(page, 'de')
      .getByRole('link', { name: text('de', 'nav.myHealthData') })
      .click();
    await expect(page).toHaveURL(/\/de\/my-health-data$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'pages.healthData.title'));
  });
});
