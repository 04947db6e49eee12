import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from './fixtures';
import { newPatient, PASSWORD, skipTour } from './medicines-support';
import { accounts, statePath, text } from './support';

/*
 * Issue 24 items 2, 3, 4 and 9 in the browser: the Users list at scale. Search on the server with
 * or without accents, sort by a column, search, order and page in the address (reload and Back
 * restore them), a page beyond the end that says so, administrators shown only when asked for and
 * marked, and the table and pager fitting a phone and the desktop widths.
 */

interface Trio {
  tag: string;
  hans: string;
  max: string;
  zoe: string;
}

/** Three patients of this test only (their family names carry its tag); Max signs in again last. */
async function newTrio(page: Page): Promise<Trio> {
  const tag = `pl${randomBytes(3).toString('hex')}`;
  const trio = { tag, hans: `Hans Müller${tag}`, max: `Max Muller${tag}`, zoe: `Zoë Ångström${tag}` };
  const max = await newPatient(page, trio.hans).then(() => newPatient(page, trio.max));
  await newPatient(page, trio.zoe);
  const again = await page.request.post('/api/auth/local', {
    data: { identifier: max.email, password: PASSWORD },
  });
  expect(again.ok()).toBe(true);
  return trio;
}

const table = (page: Page) => page.getByRole('table', { name: text('en', 'patients.list.title') });
const bodyRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const names = (page: Page, trio: Trio) =>
  bodyRows(page)
    .allInnerTexts()
    .then((rows) =>
      rows.map(
        (row) => [trio.hans, trio.max, trio.zoe].find((name) => row.includes(name)) ?? row.slice(0, 30),
      ),
    );

async function searchFor(page: Page, term: string) {
  await page.getByLabel(text('en', 'patients.search.label')).fill(term);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(term).replace(/%20/g, '(\\+|%20)')}`));
}

test.describe('the Users list at scale', () => {
  test.use({ storageState: statePath(accounts.admin.state) });
  test.beforeEach(async ({ page }) => skipTour(page));

  test('finds names with or without their accents, both ways round', async ({ page }) => {
    const trio = await newTrio(page);
    await page.goto('/patient-list');
    await searchFor(page, `muller${trio.tag}`);
    await expect(bodyRows(page)).toHaveCount(2);
    expect((await names(page, trio)).sort()).toEqual([trio.hans, trio.max].sort());
    await searchFor(page, `MÜLLER${trio.tag}`);
    await expect(bodyRows(page)).toHaveCount(2);
    expect((await names(page, trio)).sort()).toEqual([trio.hans, trio.max].sort());
    await searchFor(page, `zoe angstrom${trio.tag}`);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(trio.zoe);
    await expect(
      page.getByText(text('en', 'patients.listing.count.patients_one').replace('{{count}}', '1')),
    ).toBeVisible();
  });

  test('sorts by last sign-in, and the address keeps search and order through a reload and Back', async ({
    page,
  }) => {
    const trio = await newTrio(page);
    await page.goto(`/patient-list?q=${trio.tag}`);
    await expect(bodyRows(page)).toHaveCount(3);
    const header = table(page).getByRole('button', {
      name: text('en', 'patients.listing.columns.lastSignIn'),
    });
    await header.click();
    await expect(page).toHaveURL(/sort=lastSignIn&dir=asc/);
    await expect.poll(() => names(page, trio)).toEqual([trio.hans, trio.zoe, trio.max]);
    await header.click();
    await expect(page).toHaveURL(/sort=lastSignIn(&|$)/);
    await expect(page).not.toHaveURL(/dir=asc/);
    await expect.poll(() => names(page, trio)).toEqual([trio.max, trio.zoe, trio.hans]);
    await expect(
      table(page).getByRole('columnheader', { name: text('en', 'patients.listing.columns.lastSignIn') }),
    ).toHaveAttribute('aria-sort', 'descending');

    await page.reload();
    await expect(page.getByLabel(text('en', 'patients.search.label'))).toHaveValue(trio.tag);
    await expect.poll(() => names(page, trio)).toEqual([trio.max, trio.zoe, trio.hans]);

    // Another page of the list, then Back: the same search and order.
    await page
      .getByRole('combobox', { name: text('en', 'patients.listing.filters.box.label'), exact: true })
      .selectOption('without');
    await expect(page).toHaveURL(/box=without/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/box=without/);
    await expect(
      page.getByRole('combobox', { name: text('en', 'patients.listing.filters.box.label'), exact: true }),
    ).toHaveValue('without');
    await expect.poll(() => names(page, trio)).toEqual([trio.max, trio.zoe, trio.hans]);
    await page.goBack();
    await expect(page).not.toHaveURL(/box=without/);
    await expect(page).toHaveURL(/sort=lastSignIn/);
  });

  test('a page beyond the end says so, with a pager that adds up, and leads back to the last page', async ({
    page,
  }) => {
    const trio = await newTrio(page);
    await page.goto(`/patient-list?q=${trio.tag}&page=99`);
    await expect(page.getByText('There is no page 99')).toBeVisible();
    await expect(page.getByText('Page 99: none of 3')).toBeVisible();
    await expect(page.getByText(/\d+–\d+ of 3/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(page.getByText('1–3 of 3')).toBeVisible();
  });

  test('shows administrators only when asked, marked as such, and counts patients apart', async ({
    page,
  }) => {
    await page.goto('/patient-list?q=admin%40dosedot.local');
    // Patients by default: the administrator is not among them.
    await expect(page.getByText('No user matches “admin@dosedot.local”')).toBeVisible();
    await page
      .getByRole('combobox', { name: text('en', 'patients.listing.filters.role.label'), exact: true })
      .selectOption('admins');
    await expect(page).toHaveURL(/role=admins/);
    const admins = page.getByRole('table', { name: text('en', 'patients.listing.filters.role.admins') });
    await expect(admins.getByRole('row')).toHaveCount(2);
    await expect(admins.getByRole('row').nth(1)).toContainText(text('en', 'patients.listing.admin'));
    await expect(page.getByText('1 administrator', { exact: true })).toBeVisible();
  });

  for (const width of [1280, 1440, 1920]) {
    test(`the table is no wider than its card at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/patient-list?role=all');
      const all = page.getByRole('table', { name: text('en', 'pages.users.title') });
      await expect(all.getByRole('row').nth(1)).toBeVisible();
      const fit = await all.evaluate((t) => {
        const card = t.closest('section');
        return {
          table: t.scrollWidth,
          card: card?.clientWidth ?? 0,
          page: document.documentElement.scrollWidth,
        };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.card);
      expect(fit.page).toBeLessThanOrEqual(width);
    });
  }

  test('on a phone each user is an entry with the table’s columns, in the order chosen above the list', async ({
    page,
  }) => {
    const trio = await newTrio(page);
    // The wide table's cells of each of the three, from the box to missed today.
    await page.goto(`/patient-list?q=${trio.tag}`);
    await expect(bodyRows(page)).toHaveCount(3);
    const wide = new Map<string, string[]>();
    for (const name of [trio.hans, trio.max, trio.zoe]) {
      const cells = await bodyRows(page).filter({ hasText: name }).getByRole('cell').allInnerTexts();
      wide.set(
        name,
        cells.slice(1, 7).map((c) => c.trim()),
      );
    }

    await page.setViewportSize({ width: 360, height: 780 });
    const list = page.getByRole('list', { name: text('en', 'patients.list.title') });
    const entries = list.getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(table(page)).toHaveCount(0);
    for (const [name, cells] of wide) {
      const entry = entries.filter({ hasText: name });
      await expect(entry.getByRole('term')).toHaveText(
        ['box', 'battery', 'lastUplink', 'lastSignIn', 'adherence', 'missedToday'].map((c) =>
          text('en', `patients.listing.columns.${c}`),
        ),
      );
      await expect(entry.getByRole('definition')).toHaveText(cells);
      // The row's buttons are in the entry, within the screen.
      const more = entry.getByRole('button').last();
      const box = await more.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // No headers to click: the order is a choice above the list, kept in the address like a header's.
    const order = page.getByRole('combobox', {
      name: text('en', 'patients.listing.sort.label'),
      exact: true,
    });
    await expect(order).toHaveValue('createdAt:desc');
    const entryNames = () =>
      entries
        .allInnerTexts()
        .then((all) => all.map((e) => [trio.hans, trio.max, trio.zoe].find((n) => e.includes(n))));
    await order.selectOption('lastSignIn:asc');
    await expect(page).toHaveURL(/sort=lastSignIn&dir=asc/);
    await expect.poll(entryNames).toEqual([trio.hans, trio.zoe, trio.max]);
    await order.selectOption('lastSignIn:desc');
    await expect(page).not.toHaveURL(/dir=asc/);
    await expect.poll(entryNames).toEqual([trio.max, trio.zoe, trio.hans]);
    await page.reload();
    await expect(order).toHaveValue('lastSignIn:desc');
  });

  test('on a phone the pager is whole and the page does not scroll sideways, beyond the end too', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/patient-list?role=all&size=10');
    await expect(
      page
        .getByRole('list', { name: text('en', 'pages.users.title') })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    for (const url of ['/patient-list?role=all&size=10', '/patient-list?role=all&size=10&page=99']) {
      await page.goto(url);
      const next = page.getByRole('button', { name: text('en', 'patients.pager.next') });
      await next.scrollIntoViewIfNeeded();
      const box = await next.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
      await expect(page.getByText(/ of \d+/).first()).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});
