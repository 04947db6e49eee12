import { expect, test } from './fixtures';
import { accounts, statePath, text } from './support';

test('an unknown route shows the 404 texts and a back button', async ({ page, baseURL }) => {
  // Arrived by a link on the sign-up page.
  await page.goto('/auth/signup');
  await page.goto('/this/does/not/exist', { referer: `${baseURL}/auth/signup` });
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How did you get here?' })).toBeVisible();
  await expect(page.getByText("Sorry we can't seem to find the page you're looking for.")).toBeVisible();
  await expect(page).toHaveTitle('This page could not be found · DoseDot Web');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('the 404 of a fresh tab goes back to the start page', async ({ page }) => {
  await page.goto('/nowhere');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test('the auth callback goes to sign-in', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

test('an unknown route under /fr is a 404 in French', async ({ page }) => {
  await page.goto('/fr/nowhere');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'errorPages.notFound.heading'));
  await expect(page.getByText(text('fr', 'errorPages.notFound.title'))).toBeVisible();
});

test('the app ships React Router without its developer warnings (its production build)', async ({
  page,
  request,
}) => {
  // The 404 page renders through the router's error boundary: the development build's default
  // boundary and warnings carry the words "Hey developer"; its production build has none.
  await page.goto('/nowhere');
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => /\/assets\/vendor-[\w-]+\.js$/.test(url)),
  );
  expect(scripts).toHaveLength(1);
  const vendor = await (await request.get(scripts[0] as string)).text();
  // The router is in it (its error response class), without the development build's texts.
  expect(vendor.includes('No route matches URL'), 'the router is in vendor').toBe(true);
  expect(vendor.includes('Hey developer'), 'the development build is in vendor').toBe(false);
});

test.describe('signed in', () => {
  test.use({ storageState: statePath(accounts.anna.state) });

  test('a page chunk that fails to load reloads the page once, then shows the error page', async ({
    page,
  }) => {
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    loads = 0;
    // The profile page is in its feature's chunk (packages/web/vite.config.ts: one chunk per feature).
    await page.route(/\/assets\/profiles-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole('button', { name: 'Open the account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    // The error page shows for a moment before the reload too: wait for the reload, then for the page
    // it ends on.
    await expect.poll(() => loads).toBe(1);
    await expect(page.getByRole('heading', { name: 'OOPS! Something went wrong here' })).toBeVisible();
    await expect(page.getByText('Our experts are working to fix the issue.')).toBeVisible();
    expect(loads).toBe(1);
  });

  test('a session the server refuses ends with a toast top-right and the sign-in page', async ({ page }) => {
    await page.addInitScript(() => {
      const session = JSON.parse(localStorage.getItem('dosedot.session') ?? '{}');
      if (session.state) session.state.token = 'not-a-valid-token';
      localStorage.setItem('dosedot.session', JSON.stringify(session));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fdashboard$/);
    const toast = page.getByRole('alert').filter({ hasText: 'Your session has ended' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x + box.width > viewport.width / 2 && box.y < viewport.height / 2).toBe(
      true,
    );
    // 2000 ms and it is gone.
    await expect(toast).toBeHidden({ timeout: 5_000 });
  });

  test('the session-ended toast speaks the page language, even before its catalog has loaded', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const session = JSON.parse(localStorage.getItem('dosedot.session') ?? '{}');
      if (session.state) session.state.token = 'not-a-valid-token';
      localStorage.setItem('dosedot.session', JSON.stringify(session));
    });
    await page.goto('/de/dashboard');
    await expect(page).toHaveURL(/\/de\/auth\/signin\?redirect=%2Fdashboard$/);
    await expect(
      page.getByRole('alert').filter({ hasText: text('de', 'auth.signin.expired') }),
    ).toBeVisible();
  });
});
