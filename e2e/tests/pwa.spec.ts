import { expect, test } from './fixtures';
import { controlled, deliverPush, notificationsShown } from './push-support';
import { accounts, statePath } from './support';

/*
 * Issue 26 item 1: the installable app as Chromium sees it. The manifest names the app, its icons
 * (one maskable) and its start URL; the service worker takes control of the page; and with the
 * network gone the app shell still opens and today's plan reads from its last fetched copy, marked
 * as such.
 */

test.use({ serviceWorkers: 'allow', storageState: statePath(accounts.anna.state) });

test('Chromium sees the app as installable: manifest, icons, start URL and a service worker in control', async ({
  page,
}) => {
  await page.goto('/dashboard');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href as string)).json();
  expect(manifest).toMatchObject({ name: 'DoseDot', start_url: '/dashboard', display: 'standalone' });
  const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map(
    (i) => `${i.sizes} ${i.purpose}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as { src: string }[])
    expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);

  await controlled(page);
  // Chromium's own verdict (what the install prompt waits for): no installability error but the
  // one of the test's browser context, which is an incognito one, where nothing is ever installed.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
  // The service worker comes fresh with every visit (no long cache), so a new version is seen.
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('offline, the app shell opens and today’s plan shows its last fetched copy, marked', async ({
  page,
  context,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await controlled(page);
  // Once controlled, the plan is fetched through the service worker, which keeps its copy.
  await page.reload();
  const plan = page.getByRole('list', { name: "Today's doses" });
  await expect(plan).toBeVisible();
  const doses = await plan.getByRole('listitem').count();
  expect(doses).toBeGreaterThan(0);
  await expect(page.getByText(/You are offline/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^You are offline\. This is the copy saved on /)).toBeVisible();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await expect(plan.getByRole('listitem')).toHaveCount(doses);

  // Back online, the next answer is fresh and the mark goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: "Today's doses" })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
});

test('a push message delivered to the service worker shows the reminder with its buttons', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/dashboard');
  await controlled(page);
  // What the server's scheduler sends to the patient (features/reminders/service.ts), as the push
  // service hands it to the browser once decrypted.
  const message = {
    title: 'Zeit für Ihre Einnahme um 08:00',
    body: 'Es ist Zeit für Ihre Einnahme um 08:00: Ramipril.',
    lang: 'de',
    tag: 'dose-e2e-patient',
    kind: 'reminder',
    url: '/my-medicine',
    actions: {
      token: 'e2e'.padEnd(43, 'x'),
      snooze: [10, 30],
      labels: { taken: 'Eingenommen', snooze10: '10 Min. später', snooze30: '30 Min. später' },
    },
  };
  await deliverPush(page, context, origin, JSON.stringify(message));

  // Chromium shows two buttons: 'I took it' and the first snooze.
  await expect
    .poll(() => notificationsShown(page))
    .toEqual([
      { title: message.title, body: message.body, lang: 'de', actions: ['Eingenommen', '10 Min. später'] },
    ]);
});
