import { expect, test } from './fixtures';
import { newEmail, signUp } from './support';

// The theme's tokens (packages/web/src/lib/theme.ts): page backgrounds and the fill of #0096c7.
const LIGHT_PAGE = 'rgb(244, 246, 249)';
const DARK_PAGE = 'rgb(15, 19, 22)';
const DEFAULT_FILL = 'rgb(17, 127, 168)';

test('theme and primary colour survive a reload, and dark mode is saved to the profile', async ({ page }) => {
  await signUp(page, 'Theo Theme', newEmail('theme'), 'a-good-password');
  await expect(page).toHaveURL(/\/dashboard$/);
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', LIGHT_PAGE);

  await page.getByRole('button', { name: 'Open the settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await drawer.getByRole('button', { name: 'Dark' }).click();
  await expect(body).toHaveCSS('background-color', DARK_PAGE);

  const hex = drawer.getByLabel('Colour (hex)');
  await hex.fill('#12345');
  await expect(drawer.getByText('Enter # and six hexadecimal digits, for example #0096c7')).toBeVisible();
  await hex.fill('#2e7d32');
  await expect(drawer.getByText('Enter # and six hexadecimal digits')).toBeHidden();
  await drawer.getByRole('button', { name: 'Close the settings' }).click();
  const fab = page.getByRole('button', { name: 'Open the settings' });
  await expect(fab).toHaveCSS('background-color', 'rgb(46, 125, 50)');

  await page.reload();
  await expect(body).toHaveCSS('background-color', DARK_PAGE);
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
  await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_PAGE);
  const fab = page.getByRole('button', { name: 'Open the settings' });
  // The default #0096c7 fills surfaces in its darker shade, on which white text passes AA.
  await expect(fab).toHaveCSS('background-color', DEFAULT_FILL);
  await expect(fab).toHaveCSS('color', 'rgb(255, 255, 255)');
  await fab.click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer.getByLabel('Colour (hex)')).toHaveValue('#0096c7');
  await drawer.getByRole('button', { name: 'Use the colour #6a1b9a' }).click();
  await expect(drawer.getByLabel('Colour (hex)')).toHaveValue('#6a1b9a');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(fab).toHaveCSS('background-color', 'rgb(106, 27, 154)');
});
