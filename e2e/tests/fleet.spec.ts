import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { newPatient, profileOf, withDb } from './medicines-support';
import { accounts, expectAccessible, statePath, text } from './support';

/*
 * Issue 24 items 2, 3, 9 and 10 in the browser: the Devices page at fleet scale. Search (accents
 * ignored), filters and sort run on the server and live in the address (reload and back restore
 * them), a page past the end shows the last page, the fleet summary, the CSV export of the filtered
 * list, the empty result, and the cards view with the same search on a phone.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

interface Fleet {
  token: string;
  /** Held by Zoë Müller<token>: battery 80 %, heard 5 minutes ago. */
  held: string;
  /** Free, battery 8 %, heard 10 minutes ago: needs service now. */
  low: string;
  /** Free, battery 60 %, silent for 50 hours: needs service soon. */
  silent: string;
  holder: string;
}

/** Three boxes of this test only (their serials carry its token) and a patient holding the first. */
async function newFleet(page: Page): Promise<Fleet> {
  const token = randomBytes(3).toString('hex');
  const holder = `Zoë Müller${token}`;
  const patient = await newPatient(page, holder);
  const { id: profileId } = await profileOf(page, patient);
  const now = Date.now();
  const box = (n: number, battery: number, heardAgo: number) => {
    const deveui = randomBytes(8).toString('hex').toUpperCase();
    return withDb((db) => {
      const { id } = db
        .prepare(
          `INSERT INTO sensors (deveui, serial_number, name, device_profile, buttonmode, battery, last_uplink_at, created_at)
           VALUES (?, ?, ?, 'dosedot-box', 'single', ?, ?, ?) RETURNING id`,
        )
        .get(deveui, `FX${token}-${n}`, `Fleet box ${n}`, battery, now - heardAgo, now - 100 * HOUR) as {
        id: number;
      };
      return { id, deveui };
    });
  };
  const held = box(1, 80, 5 * MIN);
  withDb((db) => {
    db.prepare('UPDATE profiles SET sensor_id = ?, is_linked = 1 WHERE id = ?').run(held.id, profileId);
    db.prepare(
      'INSERT INTO sensor_assignments (sensor_id, profile_id, assigned_from, assigned_to) VALUES (?, ?, ?, NULL)',
    ).run(held.id, profileId, now - HOUR);
  });
  return {
    token,
    held: held.deveui,
    low: box(2, 8, 10 * MIN).deveui,
    silent: box(3, 60, 50 * HOUR).deveui,
    holder,
  };
}

const table = (page: Page) => page.getByRole('table', { name: text('en', 'devices.list.label') });
/** The DevEUIs of the table's rows, top to bottom. */
const shown = async (page: Page) =>
  (await table(page).getByRole('rowheader').allTextContents()).map((cell) => cell.slice(0, 16));
const filter = (page: Page, key: string) =>
  page.getByLabel(text('en', `devices.fleet.filters.${key}.label`), { exact: true });
const search = (page: Page) => page.getByLabel(text('en', 'devices.fleet.search.label'));

test.describe('admin', () => {
  test.use({ storageState: statePath(accounts.admin.state) });

  test('searches, filters and sorts on the server; reload and back restore the list from the address', async ({
    page,
  }) => {
    test.slow();
    const f = await newFleet(page);
    await page.goto('/devices');
    await expect(page.getByRole('group', { name: text('en', 'devices.fleet.filters.label') })).toBeVisible();
    await search(page).fill(`fx${f.token}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=fx${f.token}`));
    await expect.poll(() => shown(page)).toEqual([f.held, f.low, f.silent]);

    await filter(page, 'holder').selectOption('free');
    await expect(page).toHaveURL(/holder=free/);
    await expect.poll(() => shown(page)).toEqual([f.low, f.silent]);

    const battery = table(page).getByRole('button', { name: text('en', 'devices.fleet.columns.battery') });
    await battery.click();
    await expect(page).toHaveURL(/sort=battery(&|$)/);
    await expect.poll(() => shown(page)).toEqual([f.low, f.silent]);
    await battery.click();
    await expect(page).toHaveURL(/sort=battery%3Adesc/);
    await expect.poll(() => shown(page)).toEqual([f.silent, f.low]);

    await page.reload();
    await expect(search(page)).toHaveValue(`fx${f.token}`);
    await expect(filter(page, 'holder')).toHaveValue('free');
    await expect.poll(() => shown(page)).toEqual([f.silent, f.low]);
    await expect(
      table(page).getByRole('columnheader', { name: text('en', 'devices.fleet.columns.battery') }),
    ).toHaveAttribute('aria-sort', 'descending');

    await page.goBack();
    await expect(page).toHaveURL(/sort=battery(&|$)/);
    await expect.poll(() => shown(page)).toEqual([f.low, f.silent]);

    await filter(page, 'service').selectOption('soon');
    await expect.poll(() => shown(page)).toEqual([f.silent]);
    await filter(page, 'service').selectOption('all');
    await filter(page, 'silent').selectOption('24');
    await expect.poll(() => shown(page)).toEqual([f.silent]);
    await filter(page, 'silent').selectOption('');
    await filter(page, 'battery').selectOption('10');
    await expect.poll(() => shown(page)).toEqual([f.low]);
    await expectAccessible(page);
  });

  test('finds a holder with or without the accents', async ({ page }) => {
    const f = await newFleet(page);
    for (const term of [`zoe muller${f.token}`, `ZOË MÜLLER${f.token}`]) {
      await page.goto(`/devices?q=${encodeURIComponent(term)}`);
      await expect.poll(() => shown(page)).toEqual([f.held]);
      await expect(table(page).getByRole('row').filter({ hasText: f.held })).toContainText(f.holder);
    }
  });

  test('a page past the end shows the last page, with a pager that adds up', async ({ page }) => {
    const f = await newFleet(page);
    await page.goto(`/devices?q=fx${f.token}&size=10&page=99`);
    await expect.poll(() => shown(page)).toEqual([f.held, f.low, f.silent]);
    await expect(page).not.toHaveURL(/page=99/);
    await expect(page.getByText('1–3 of 3')).toBeVisible();
  });

  test('shows the fleet summary, and says so when nothing matches', async ({ page }) => {
    const f = await newFleet(page);
    await page.goto(`/devices?q=nothing${f.token}`);
    const summary = page.getByRole('definition').first();
    await expect(summary).toHaveText(/^\d+$/);
    for (const key of ['online', 'silent', 'service', 'unassigned'])
      await expect(page.getByText(text('en', `devices.fleet.summary.${key}`), { exact: true })).toBeVisible();
    await expect(page.getByText(text('en', 'devices.fleet.empty.text'))).toBeVisible();
    await page.getByRole('button', { name: text('en', 'devices.fleet.empty.clear') }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(search(page)).toHaveValue('');
    await expect(table(page)).toBeVisible();
  });

  test('exports the filtered list, every page of it, as CSV', async ({ page }) => {
    const f = await newFleet(page);
    await page.goto(`/devices?q=fx${f.token}&holder=free&size=10&sort=deveui`);
    await expect.poll(() => shown(page)).toHaveLength(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text('en', 'devices.fleet.export.button') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dosedot-devices-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^deveui,serial_number,name,/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([f.low, f.silent].sort());
    expect(csv).not.toContain(f.held);
  });
});

test.describe('admin on a phone', () => {
  test.use({ storageState: statePath(accounts.admin.state), viewport: { width: 360, height: 740 } });

  test('the cards view searches and filters the same, and nothing is cut off at 360 px', async ({ page }) => {
    const f = await newFleet(page);
    await page.goto('/devices/index2');
    await search(page).fill(`FX${f.token}`);
    const cards = page.getByRole('list', { name: text('en', 'devices.list.label') });
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await filter(page, 'holder').selectOption('assigned');
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByRole('listitem', { name: f.held })).toContainText(f.holder);
    await page
      .getByLabel(text('en', 'devices.fleet.sort.label'), { exact: true })
      .selectOption('battery:desc');
    await expect(page).toHaveURL(/sort=battery%3Adesc/);
    await page.reload();
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The pager, arrows included, lies within the screen's width.
    const next = page.getByRole('button', { name: text('en', 'devices.pagination.next') });
    await next.scrollIntoViewIfNeeded();
    const box = await next.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});
