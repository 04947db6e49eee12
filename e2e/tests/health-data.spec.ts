import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { accounts, expectAccessible, statePath, text } from './support';

// Heidi (the health-data user) reads the app in German: her profile's language.
const de = (key: string) => text('de', key);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The card of a section, by its heading. */
const card = (page: Page, section: string) =>
  page.getByRole('region', { name: de(`healthData.sections.${section}`) });

/** Opens a section's dialog, whether it says Add (nothing saved yet) or Edit. */
async function openSection(page: Page, section: string) {
  const title = de(`healthData.sections.${section}`);
  const names = ['healthData.addSection', 'healthData.editSection'].map((key) =>
    escapeRegExp(de(key).replace('{{section}}', title)),
  );
  await page.getByRole('button', { name: new RegExp(`^(${names.join('|')})$`) }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Saves the open dialog and waits for its success toast. */
async function save(page: Page, section: string) {
  await page.getByRole('button', { name: de('healthData.dialog.save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: de(`healthData.toast.${section}`) })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test.describe('health-data user', () => {
  test.use({ storageState: statePath(accounts.heidi.state) });

  test('fills every section, reloads and sees the values; downloads JSON and FHIR', async ({ page }) => {
    // Six dialogs, a reload and two downloads on a shared two-core machine: more than the default 30 s.
    test.slow();
    await page.goto('/de/my-health-data');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de('pages.healthData.title'));

    let dialog = await openSection(page, 'basic');
    await dialog.getByLabel(de('healthData.basic.dateOfBirth')).fill('1958-03-14');
    await dialog.getByLabel(de('healthData.basic.gender')).selectOption('female');
    await dialog.getByLabel(de('healthData.basic.bloodType')).selectOption('A+');
    await dialog.getByLabel(de('healthData.basic.nationality')).fill('Schweiz');
    // Typed with spaces (issue 23): accepted, then shown and exported in the dotted form.
    await dialog.getByLabel(de('healthData.basic.ahvNumber')).fill('756 1234 5678 97');
    await dialog.getByLabel(de('healthData.basic.regaMember')).check();
    await save(page, 'basic');

    dialog = await openSection(page, 'physical');
    await dialog.getByLabel(de('healthData.physical.heightInput')).fill('172');
    await dialog.getByLabel(de('healthData.physical.weightInput')).fill('68');
    await save(page, 'physical');

    dialog = await openSection(page, 'vision');
    await dialog.getByLabel(de('healthData.vision.needsGlasses')).check();
    await dialog.getByLabel(de('healthData.vision.glassesType')).selectOption('progressive');
    const right = dialog.getByRole('group', { name: de('healthData.vision.right') });
    await right.getByLabel(de('healthData.vision.sphere')).fill('-1.25');
    await right.getByLabel(de('healthData.vision.cylinder')).fill('-0.5');
    await right.getByLabel(de('healthData.vision.axis')).fill('90');
    const left = dialog.getByRole('group', { name: de('healthData.vision.left') });
    await left.getByLabel(de('healthData.vision.sphere')).fill('0.75');
    await left.getByLabel(de('healthData.vision.axis')).fill('180');
    await save(page, 'vision');

    dialog = await openSection(page, 'medical');
    await expect(dialog.getByText(de('healthData.medical.noAllergies'))).toBeVisible();
    await expect(dialog.getByText(de('healthData.medical.noConditions'))).toBeVisible();
    const allergy = dialog.getByLabel(de('healthData.medical.addAllergy'));
    for (const entry of ['Penicillin', 'Pollen']) {
      await allergy.fill(entry);
      await allergy.press('Enter');
    }
    const condition = dialog.getByLabel(de('healthData.medical.addCondition'));
    for (const entry of ['Asthma', 'Migräne']) {
      await condition.fill(entry);
      await condition.press('Enter');
    }
    // A chip is removable: Migräne goes again.
    await dialog
      .getByRole('button', { name: de('healthData.medical.remove').replace('{{item}}', 'Migräne') })
      .press('Delete');
    await expect(dialog.getByRole('button', { name: /Migräne/ })).toHaveCount(0);
    await dialog.getByLabel(de('healthData.medical.notes')).fill('Nimmt die Tabletten zum Frühstück.');
    await save(page, 'medical');

    dialog = await openSection(page, 'emergency');
    await dialog.getByLabel(de('healthData.emergency.name')).fill('Peter Keller');
    await dialog.getByLabel(de('healthData.emergency.relationship')).fill('Ehemann');
    await dialog.getByLabel(de('healthData.emergency.phone')).fill('079 123 45 67');
    await dialog.getByLabel(de('healthData.emergency.email')).fill('peter.keller@example.ch');
    await save(page, 'emergency');

    dialog = await openSection(page, 'additional');
    await dialog.getByLabel(de('healthData.additional.smoking')).selectOption('non_smoker');
    await dialog.getByLabel(de('healthData.additional.alcohol')).selectOption('occasional');
    await dialog.getByLabel(de('healthData.additional.organDonor')).check();
    await save(page, 'additional');

    await page.reload();
    const basic = card(page, 'basic');
    await expect(basic).toContainText('14. März 1958');
    await expect(basic).toContainText(de('healthData.gender.female'));
    await expect(basic).toContainText('A+');
    await expect(basic).toContainText('Schweiz');
    await expect(basic).toContainText('756.1234.5678.97');
    await expect(basic).toContainText(de('healthData.basic.age'));
    const physical = card(page, 'physical');
    await expect(physical).toContainText('172 cm');
    await expect(physical).toContainText('68 kg');
    await expect(physical).toContainText('23');
    await expect(physical).toContainText(de('healthData.bmiCategory.normal'));
    const vision = card(page, 'vision');
    await expect(vision).toContainText(de('healthData.glassesType.progressive'));
    await expect(
      vision.getByRole('row', { name: new RegExp(escapeRegExp(de('healthData.vision.right'))) }),
    ).toContainText(['-1,25', '-0,50', '90°'].join(''));
    await expect(
      vision.getByRole('row', { name: new RegExp(escapeRegExp(de('healthData.vision.left'))) }),
    ).toContainText('180°');
    const medical = card(page, 'medical');
    await expect(
      medical.getByRole('list', { name: de('healthData.medical.allergies') }).getByRole('listitem'),
    ).toHaveText(['Penicillin', 'Pollen']);
    await expect(
      medical.getByRole('list', { name: de('healthData.medical.conditions') }).getByRole('listitem'),
    ).toHaveText(['Asthma']);
    await expect(medical).toContainText('Nimmt die Tabletten zum Frühstück.');
    const emergency = card(page, 'emergency');
    await expect(emergency).toContainText('Peter Keller');
    await expect(emergency).toContainText('Ehemann');
    await expect(emergency.getByRole('link', { name: '079 123 45 67' })).toHaveAttribute(
      'href',
      'tel:0791234567',
    );
    await expect(emergency.getByRole('link', { name: 'peter.keller@example.ch' })).toBeVisible();
    const additional = card(page, 'additional');
    await expect(additional).toContainText(de('healthData.smoking.non_smoker'));
    await expect(additional).toContainText(de('healthData.alcohol.occasional'));
    await expectAccessible(page);

    // Take your data with you: both downloads carry the saved values.
    for (const [format, file] of [
      ['json', 'my-health-data.json'],
      ['fhir', 'my-health-data.fhir.json'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: de(`healthData.export.${format}`) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      const body = JSON.parse(readFileSync(await download.path(), 'utf8'));
      if (format === 'json') expect(body.data['basic-information'].ahv_number).toBe('756.1234.5678.97');
      else expect(body.resourceType).toBe('Bundle');
    }
  });

  test('an AHV number with a wrong check digit shows the error; the hint gives a valid example', async ({
    page,
  }) => {
    await page.goto('/de/my-health-data');
    const dialog = await openSection(page, 'basic');
    await dialog.getByLabel(de('healthData.basic.dateOfBirth')).fill('1958-03-14');
    await dialog.getByLabel(de('healthData.basic.gender')).selectOption('female');
    const ahv = dialog.getByLabel(de('healthData.basic.ahvNumber'));
    const hint = de('healthData.basic.ahvHint')
      .replace('{{hint}}', '756.XXXX.XXXX.XX')
      .replace('{{example}}', '756.9217.0769.85');
    await expect(ahv).toHaveAccessibleDescription(hint);
    for (const wrong of ['756.1234.5678.90', '7569217076984', '756 9217 0769 84']) {
      await ahv.fill(wrong);
      await dialog.getByRole('button', { name: de('healthData.dialog.save') }).click();
      await expect(ahv).toHaveAccessibleDescription(de('healthData.validation.ahv'));
      await expect(ahv).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toBeVisible();
    }
    // The hint's own example passes the check: once typed, the error gives way to the hint again
    // (the form checks again on each change after a refused save; nothing is saved here).
    await ahv.fill('756.9217.0769.85');
    await expect(ahv).toHaveAccessibleDescription(hint);
    await expect(ahv).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('basic user', () => {
  test.use({ storageState: statePath(accounts.anna.state) });

  test('has no My Health Data menu entry, and /my-health-data sends them to /error/401', async ({ page }) => {
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: text('en', 'nav.mainMenu') });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: text('en', 'nav.myHealthData') })).toHaveCount(0);
    await page.goto('/my-health-data');
    await expect(page).toHaveURL(/\/error\/401$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en', 'errorPages.unauthorized.heading'),
    );
  });
});
