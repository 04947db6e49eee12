import { chartDayOf } from '@dosedot/domain/adherence';
import { expect, type Locator, type Page, test } from './fixtures';
import {
  addMedicine,
  newPatient,
  PASSWORD,
  type Patient,
  profileOf,
  showPlans,
  signInAs,
  skipTour,
  tourToItsSecondStep,
} from './medicines-support';
import { accounts, signIn, statePath, text, webfontLoaded } from './support';

/*
 * My Medicine on a phone (issue 23 items 1, 4a, 4d, 5 and 10): an as-needed medicine and a strength
 * without a unit save, errors show on their fields, the weekly plan and the medicine pages fit the
 * screen, the storage labels keep clear of their units, the guided tour opens once and never blocks
 * the page, and a wrong picture type is named.
 */

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

async function medicinesOf(page: Page, patient: Patient, type: 1 | 2) {
  const res = await page.request.get(`/api/medicines?type=${type}`, {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  type Row = { id: number; name: string; strength: string | null; dosage_times: string[] };
  return ((await res.json()) as { data: Row[] }).data;
}

const openAddDialog = async (page: Page) => {
  await page.getByRole('button', { name: 'Add medicine' }).first().click();
  return page.getByRole('dialog', { name: 'Add medicine' });
};

test.describe('on a phone', () => {
  test.use({ viewport: PHONES[0], isMobile: true, hasTouch: true });

  test('an as-needed medicine saves without a dosage time; a missing time shows on its field', async ({
    page,
  }) => {
    await skipTour(page);
    const patient = await newPatient(page);
    await signInAs(page, patient);
    await page.goto('/my-medicine');

    // A scheduled medicine with its dosage time left empty: the time field says what is wrong.
    let dialog = await openAddDialog(page);
    await dialog.getByLabel(/^Name/).fill('Metoprolol');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(text('en', 'medicines.form.timeInvalid'))).toBeVisible();
    await expect(dialog.getByLabel('Dosage time 1', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // As needed: the dosage times are hidden, and nothing hidden stops the save.
    dialog = await openAddDialog(page);
    await dialog.getByLabel(/^Name/).fill('Ibuprofen');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'As needed' }).click();
    await expect(dialog.getByLabel('Dosage time 1', { exact: true })).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Successfully Added Medicine/s')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await medicinesOf(page, patient, 2)).toMatchObject([{ name: 'Ibuprofen', dosage_times: [] }]);
  });

  test("a strength with 'No unit' is saved and shown as it was typed", async ({ page }) => {
    await skipTour(page);
    const patient = await newPatient(page);
    await signInAs(page, patient);
    await page.goto('/my-medicine');
    const dialog = await openAddDialog(page);
    await dialog.getByLabel(/^Name/).fill('Magnesium');
    await dialog.getByLabel('Strength').fill('2');
    await dialog.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'No unit' }).click();
    await dialog.getByLabel('Dosage time 1', { exact: true }).fill('08:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Successfully Added Medicine/s')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await medicinesOf(page, patient, 1)).toMatchObject([{ name: 'Magnesium', strength: '2' }]);

    // Read back into the edit form: the amount whole, still without a unit.
    const [magnesium] = await medicinesOf(page, patient, 1);
    await page.goto(`/my-medicine/${magnesium?.id}/edit`);
    await expect(page.getByLabel('Strength')).toHaveValue('2');
    await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveText('No unit');
  });

  for (const lang of ['en', 'de', 'fr'] as const) {
    test(`a picture of another type is refused naming the allowed types (${lang})`, async ({ page }) => {
      const patient = await newPatient(page);
      await signInAs(page, patient);
      await page.goto(lang === 'en' ? '/profile' : `/${lang}/profile`);
      // Named a PNG but not one: the server refuses it, and the page says which types it takes.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'scan.png',
        mimeType: 'image/png',
        buffer: Buffer.from('%PDF-1.7 not a picture'),
      });
      await expect(
        page.getByRole('alert').filter({ hasText: text(lang, 'profile.image.wrongType') }),
      ).toBeVisible();
      // Another type altogether is refused before it is sent, with the same words.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'scan.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await expect(
        page.getByRole('alert').filter({ hasText: text(lang, 'profile.image.wrongType') }),
      ).toBeVisible();
    });
  }
});

test.describe('the pages fit the phone', () => {
  test.use({ storageState: statePath(accounts.anna.state), isMobile: true, hasTouch: true });

  for (const size of PHONES)
    for (const lang of ['en', 'de', 'fr'] as const)
      test(`weekly plan, My Medicine and the medicine form at ${size.width} px (${lang})`, async ({
        page,
      }) => {
        await skipTour(page);
        await page.setViewportSize(size);
        const prefix = lang === 'en' ? '' : `/${lang}`;
        const fits = async (what: string) => {
          // With mobile emulation innerWidth grows to fit wide content: compare with the set width.
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${what} is ${width} px wide on a ${size.width} px screen`).toBeLessThanOrEqual(
            size.width,
          );
        };

        await page.goto(`${prefix}/dashboard/weekly`);
        await expect(page.getByRole('table').first()).toBeVisible();
        await expect(
          page.getByRole('columnheader', { name: text(lang, 'dashboard.weekly.time') }),
        ).toBeVisible();
        await fits('the weekly plan');
        // The days that do not fit scroll sideways: the grid opens on the last ones (today's), and
        // the time column stays in view beside them.
        const inView = () =>
          page
            .getByRole('table')
            .first()
            .evaluate((table) => {
              const box = (table.parentElement as HTMLElement).getBoundingClientRect();
              const heads = [...table.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect());
              const within = (r?: DOMRect) => !!r && r.left >= box.left - 1 && r.right <= box.right + 1;
              return { time: within(heads[0]), today: within(heads.at(-1)) };
            });
        expect(await inView()).toEqual({ time: true, today: true });
        // And still once the webfont has swapped in (after the first screen on a first visit): the
        // grid's width changed under it.
        await webfontLoaded(page);
        await expect.poll(inView).toEqual({ time: true, today: true });

        for (const view of ['', '?view=daily', '?view=monthly', '?view=presses', '?view=schedules']) {
          await page.goto(`${prefix}/my-medicine${view}`);
          await expect(page.getByRole('tabpanel')).toBeVisible();
          // The panel is drawn when it nears the screen.
          await page.getByRole('tabpanel').scrollIntoViewIfNeeded();
          await expect(page.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true');
          await page.waitForLoadState('networkidle');
          await fits(`My Medicine ${view || '(dot chart)'}`);
        }

        await page.goto(`${prefix}/my-medicine/edit`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fits('the new medicine page');
        await storageLabelsClear(page, lang);
      });
});

/** The furthest right any part of `list` reaches, in CSS pixels from the screen's left edge. */
const rightmost = (list: Locator) =>
  list.evaluate((ul) =>
    Math.max(...[ul, ...ul.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
  );

test.describe("My Medicine's tables on a phone", () => {
  test.use({ storageState: statePath(accounts.anna.state), isMobile: true, hasTouch: true });

  test("the medicine history, the presses and the schedules show each row as an entry of the screen's width, with every column", async ({
    page,
  }) => {
    await skipTour(page);
    // On a wide screen, the history's first page as its table shows it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/my-medicine');
    await page.getByRole('button', { name: /^Metformin/ }).click();
    const table = page.getByRole('table', { name: 'Medicine history: Metformin' });
    await expect(table.getByRole('row')).toHaveCount(11);
    const [header = [], ...rows] = await table
      .getByRole('row')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('th:not([data-action]), td:not([data-action])')].map((cell) =>
            (cell.textContent ?? '').trim(),
          ),
        ),
      );
    expect(rows.some((cells) => cells[3])).toBe(true);

    for (const size of PHONES) {
      await page.setViewportSize(size);
      const history = page.getByRole('list', { name: 'Medicine history: Metformin' });
      await expect(history.getByRole('listitem')).toHaveCount(10);
      await expect(table).toHaveCount(0);
      // The same doses in the same order, each with every cell of its row, and the columns after
      // the status under their names.
      const entries = await history.getByRole('listitem').allInnerTexts();
      rows.forEach((cells, i) => {
        for (const cell of cells.filter(Boolean)) expect(entries[i]).toContain(cell);
        cells.forEach((cell, c) => {
          if (c >= 3 && cell) expect(entries[i]).toContain(header[c]);
        });
      });
      // Nothing out of sight: no part of the list reaches past the screen's right edge.
      expect(await rightmost(history)).toBeLessThanOrEqual(size.width);
    }

    for (const [view, name, least] of [
      ['presses', text('en', 'medicines.views.presses'), 1],
      ['schedules', text('en', 'medicines.views.schedules'), 3],
    ] as const) {
      await page.goto(`/my-medicine?view=${view}`);
      await page.getByRole('tabpanel').scrollIntoViewIfNeeded();
      const list = page.getByRole('list', { name });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(least);
      await expect(page.getByRole('tabpanel').getByRole('table')).toHaveCount(0);
      expect(await rightmost(list)).toBeLessThanOrEqual(PHONES[1].width);
    }
    // A schedule's entry: its time and medicine, then the strength and the form under their names.
    const schedule = page.getByRole('list', { name: 'All schedules' }).getByRole('listitem').first();
    await expect(schedule).toContainText(/^8:00\s?AM · Metformin/);
    await expect(schedule.getByRole('term')).toHaveText(['Strength', 'Form']);
    await expect(schedule.getByRole('definition')).toHaveText(['500 mg', 'Tablet']);
  });
});

/** The storage fields' labels never overlap the unit (°C, %) at the field's end. */
async function storageLabelsClear(page: Page, lang: 'en' | 'de' | 'fr') {
  for (const key of ['storageTempMin', 'storageTempMax', 'storageHumidityMax']) {
    const field = page.getByLabel(text(lang, `medicines.form.${key}`));
    await expect(field).toBeVisible();
    const overlap = await field.evaluate((input) => {
      const root = input.closest('.MuiFormControl-root');
      const label = root?.querySelector('label')?.getBoundingClientRect();
      const unit = root?.querySelector('.MuiInputAdornment-root')?.getBoundingClientRect();
      if (!label || !unit) return 'missing';
      const apart =
        label.right <= unit.left ||
        unit.right <= label.left ||
        label.bottom <= unit.top ||
        unit.bottom <= label.top;
      return apart
        ? null
        : `label ${Math.round(label.left)}–${Math.round(label.right)} meets unit at ${Math.round(unit.left)}`;
    });
    expect(overlap, key).toBeNull();
  }
}

test.describe('the storage range on a tablet', () => {
  test.use({ storageState: statePath(accounts.anna.state), viewport: { width: 768, height: 1024 } });

  for (const lang of ['en', 'de', 'fr'] as const)
    test(`the storage labels keep clear of °C and % in the add dialog (${lang})`, async ({ page }) => {
      await skipTour(page);
      await page.goto(lang === 'en' ? '/my-medicine' : `/${lang}/my-medicine`);
      await page
        .getByRole('button', { name: text(lang, 'medicines.add.button') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: text(lang, 'medicines.add.title') });
      await expect(dialog).toBeVisible();
      await storageLabelsClear(page, lang);
    });
});

test('the guided tour opens once for a new patient, never blocks the page, and names the marks it shows', async ({
  page,
}) => {
  const patient = await newPatient(page);
  const { timezone } = await profileOf(page, patient);
  await addMedicine(page, patient, {
    name: 'Aspirin',
    start_date: chartDayOf(Date.now(), timezone),
    dosage_times: ['09:00', '21:00'],
  });
  await signInAs(page, patient);
  await page.goto('/my-medicine');
  // It opens when the chart it explains comes into view.
  await showPlans(page);
  await expect(page.getByText('Your doses at a glance')).toBeVisible();

  // No backdrop: nothing of the tour covers the screen, and the menu beside it still works.
  const covering = await page.evaluate(() =>
    [...document.querySelectorAll('#react-joyride-portal *')].some((e) => {
      const r = e.getBoundingClientRect();
      return r.width >= innerWidth * 0.9 && r.height >= innerHeight * 0.9;
    }),
  );
  expect(covering).toBe(false);
  // Its buttons are tap targets of at least 44 px.
  const buttons = page.locator('#react-joyride-portal').getByRole('button');
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = await button.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0), await button.innerText()).toBeGreaterThanOrEqual(44);
  }

  // A dialog opened while it shows lies over it: the tour never covers a dialog's buttons (it stood
  // over the "I took one" dialog's Save).
  await page.getByRole('button', { name: 'Add medicine' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add medicine' });
  await expect(dialog).toBeVisible();
  const onTop = await page.evaluate(() => {
    const card = document.querySelector('#react-joyride-portal [role="alertdialog"]');
    if (!card) return 'no tour';
    card.scrollIntoView({ block: 'center' });
    const r = card.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && card.contains(top) ? 'the tour' : 'the dialog';
  });
  expect(onTop).toBe('the dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your doses at a glance')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your doses at a glance')).toBeHidden();

  // It opened once: not on the next visit, nor after signing out and in again.
  await page.goto('/my-medicine');
  await showPlans(page);
  await expect(page.locator('[data-tour="dot-legend"]')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Your doses at a glance')).toBeHidden();
  await page.getByRole('button', { name: 'Open the account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signIn(page, patient.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/my-medicine');
  await showPlans(page);
  await expect(page.locator('[data-tour="dot-legend"]')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Your doses at a glance')).toBeHidden();

  // The help button opens it; its words name the marks the legend draws, shape for shape.
  await page.getByRole('button', { name: 'Explain the chart' }).click();
  await expect(page.getByText('Your doses at a glance')).toBeVisible();
  await tourToItsSecondStep(page);
  const marks = page.getByRole('list', { name: 'What the marks mean' });
  await expect(marks.getByText('Ring: a missed dose')).toBeVisible();
  await expect(marks).not.toContainText(/grey|gray/i);
  const shapes = async (list: ReturnType<Page['locator']>) =>
    list.locator('li svg').evaluateAll((svgs) => svgs.map((s) => s.innerHTML));
  const legend = page.locator('[data-tour="dot-legend"]');
  expect(await shapes(marks)).toEqual(await shapes(legend));
  await page.getByRole('button', { name: 'Skip the tour' }).click();
  await expect(page.getByText('What the marks mean')).toBeHidden();

  // Nor on another device: the profile remembers it (a new browser context has nothing stored).
  const other = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!other) throw new Error('no browser');
  const phone = await other.newPage();
  await phone.goto('/auth/signin');
  await signIn(phone, patient.email, PASSWORD);
  await expect(phone).toHaveURL(/\/dashboard$/);
  await phone.goto('/my-medicine');
  await showPlans(phone);
  await expect(phone.locator('[data-tour="dot-legend"]')).toBeVisible();
  await phone.waitForTimeout(1500);
  await expect(phone.getByText('Your doses at a glance')).toBeHidden();
  await other.close();
});
