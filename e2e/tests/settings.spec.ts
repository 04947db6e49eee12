import { expect, test } from '@playwright/test';
import { newEmail, signUp } from './support';

test('theme and primary colour survive a reload, and dark mode is saved to the profile', async ({ page }) => {
  await signUp(page, 'Theo Theme', newEmail('theme'), 'a-good-password');
  await expect(page).toHaveURL(/\/dashboard$/);
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  await page.getByRole('button', { name: 'Open the settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await drawer.getByRole('button', { name: 'Dark' }).click();
  await expect(body).toHaveCSS('background-color', 'rgb(18, 18, 18)');

  const hex = drawer.getByLabel('Colour (hex)');
  await hex.fill('#12345');
  await expect(drawer.getByText('Enter # and six hexadecimal digits, for example #0096c7')).toBeVisible();
  await hex.fill('#2e7d32');
  await expect(drawer.getByText('Enter # and six hexadecimal digits')).toBeHidden();
  await drawer.getByRole('button', { name: 'Close the settings' }).click();
  const fab = page.getByRole('button', { name: 'Open the settings' });
  await expect(fab).toHaveCSS('background-color', 'rgb(46, 125, 50)');

  await page.reload();
  await expect(body).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  await expect(page.getByRole('button', { name: 'Open the settings' })).toHaveCSS(
    'background-color',
    'rgb(46, 125, 50)',
  );

  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token,
  );
  const profile = await page.request.get('/api/profile/userdata', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await profile.json()).is_dark).toBe(true);
});

test('the defaults are light and #0096c7, and a swatch sets the colour', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  const fab = page.getByRole('button', { name: 'Open the settings' });
  await expect(fab).toHaveCSS('background-color', 'rgb(0, 150, 199)');
  await fab.click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer.getByLabel('Colour (hex)')).toHaveValue('#0096c7');
  await drawer.getByRole('button', { name: 'Use the colour #6a1b9a' }).click();
  await expect(drawer.getByLabel('Colour (hex)')).toHaveValue('#6a1b9a');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(fab).toHaveCSS('background-color', 'rgb(106, 27, 154)');
});
