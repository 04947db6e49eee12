import { expect, type Page, test } from './fixtures';
import { accounts, signIn, storedAppData } from './support';

/*
 * Logout ends the token on the server (POST /api/auth/logout), so each test signs in a session of
 * its own: ending the setup project's saved sign-in would sign out the tests that share it.
 */
async function freshSession(page: Page) {
  await page.goto('/auth/signin');
  await signIn(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The bearer token the app keeps in localStorage. */
const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token as string);

/** The status GET /api/users/me answers to the token. */
const meStatus = async (page: Page, token: string) =>
  (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status();

test('logout asks first, ends the token on the server, clears all stored app data and the back button shows nothing private', async ({
  page,
}) => {
  await freshSession(page);
  const account = page.getByRole('button', { name: 'Open the account menu' });
  // The default picture, drawn in the page (no request of its own), named for the user.
  await expect(account.getByRole('img', { name: 'Profile picture of Alex Admin' })).toHaveAttribute(
    'data-default-avatar',
    '',
  );
  await account.click();
  // Upper-case name, e-mail, Profile and Logout.
  await expect(page.getByText('Alex Admin')).toHaveCSS('text-transform', 'uppercase');
  await expect(page.getByText(accounts.admin.email)).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Logout']);
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(accounts.admin.email).first()).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);

  const token = await storedToken(page);
  expect(await meStatus(page, token)).toBe(200);
  await account.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  // The server refuses the old token from now on (the app's call may still be on its way).
  await expect.poll(() => meStatus(page, token)).toBe(401);

  const stored = await storedAppData(page);
  // Only this browser's theme settings stay; no session, profile or other data.
  expect(stored.local).toEqual(['dosedot.settings']);
  expect(JSON.parse(stored.settings ?? '{}').state).toEqual({
    mode: expect.any(String),
    primary: expect.any(String),
  });
  expect(stored.session).toEqual([]);

  // Back to the dashboard's history entry: sign-in again, nothing of the admin's.
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(accounts.admin.email)).toHaveCount(0);
  await expect(page.getByText('Alex', { exact: false })).toHaveCount(0);
});

test('a logout in one tab signs the other tabs out too', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await freshSession(first);
  await second.goto('/profile');
  await expect(second.getByText(accounts.admin.email).first()).toBeVisible();

  await first.getByRole('button', { name: 'Open the account menu' }).click();
  await first.getByRole('menuitem', { name: 'Logout' }).click();
  await first.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/auth\/signin$/);

  await expect(second).toHaveURL(/\/auth\/signin$/);
  await expect(second.getByText(accounts.admin.email)).toHaveCount(0);
});
