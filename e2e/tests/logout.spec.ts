import { expect, test } from '@playwright/test';
import { accounts, statePath, storedAppData } from './support';

test.use({ storageState: statePath(accounts.admin.state) });

test('logout asks first, then clears all stored app data and the back button shows nothing private', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open the account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(accounts.admin.email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Open the account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Alex Admin')).toHaveCSS('text-transform', 'uppercase');
  await expect(menu.getByText(accounts.admin.email)).toBeVisible();
  await expect(menu.getByRole('img', { name: /Alex Admin/ })).toHaveAttribute('src', '/default-avatar.svg');
  await menu.getByRole('menuitem', { name: 'Logout' }).click();

  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Open the account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);

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
