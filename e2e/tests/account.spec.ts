import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './fixtures';
import { addMedicine, giveBox, newPatient, PASSWORD, profileOf, signInAs, withDb } from './medicines-support';
import { accounts, lastMailTo, signIn, statePath, text } from './support';

/*
 * Issue 23 item 13 in the browser: 'Download my data' on the profile page gives one JSON file with
 * the patient's medicines; 'Delete my account' asks for the password, then the account is gone (its
 * sign-in fails), the box shows as free to the administrator, and a confirmation is mailed.
 */

/** Gives the patient a box with one press an hour ago (straight into the e2e server's SQLite file). */
function boxWithPress(profileId: number): string {
  const now = Date.now();
  return withDb((db) => {
    const box = giveBox(db, profileId, now - 86_400_000);
    db.prepare('INSERT INTO button_presses (sensor_id, uplink_id, pressed_at) VALUES (?, NULL, ?)').run(
      box.id,
      now - 3_600_000,
    );
    return box.deveui;
  });
}

const boxRow = (page: Page, deveui: string) => page.getByRole('row').filter({ hasText: deveui });

test('download my data gives a JSON with my medicines; delete my account asks the password, then the account is gone and its box free', async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Delia ${randomBytes(3).toString('hex')}`;
  const patient = await newPatient(page, name);
  const today = new Date().toISOString().slice(0, 10);
  await addMedicine(page, patient, { name: 'E2E-Levothyroxine', start_date: today, dosage_times: ['08:00'] });
  const deveui = boxWithPress((await profileOf(page, patient)).id);
  await signInAs(page, patient);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: text('en', 'account.title'), exact: true });
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: text('en', 'account.download.json') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('dosedot-my-data.json');
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.account.email).toBe(patient.email);
  expect(data.medicines.map((m: { name: string }) => m.name)).toEqual(['E2E-Levothyroxine']);
  expect(data.intakes.boxPresses).toEqual([expect.objectContaining({ box: deveui })]);
  // No FHIR button without My Health Data.
  await expect(card.getByRole('button', { name: text('en', 'account.download.fhir') })).toHaveCount(0);

  await card.getByRole('button', { name: text('en', 'account.delete.open') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'account.delete.title') });
  await expect(dialog).toContainText(text('en', 'account.delete.what'));
  const password = dialog.getByLabel(text('en', 'account.delete.password'), { exact: true });
  const confirm = dialog.getByRole('button', { name: text('en', 'account.delete.confirm') });
  await confirm.click();
  await expect(dialog.getByText(text('en', 'validation.required'))).toBeVisible();
  await password.fill('not-my-password-1');
  await confirm.click();
  await expect(dialog.getByText(text('en', 'account.delete.wrongPassword'))).toBeVisible();
  // Nothing went: still signed in, on the profile.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(dialog).toBeVisible();

  await password.fill(PASSWORD);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByText(text('en', 'account.delete.done'))).toBeVisible();
  await expect.poll(() => lastMailTo(patient.email) ?? '').toContain('Your DoseDot account is deleted');

  // The account cannot sign in any more.
  await signIn(page, patient.email, PASSWORD);
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email / password combination is invalid' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);

  // The administrator sees the box as free.
  const admin = await browser.newContext({ storageState: statePath(accounts.admin.state) });
  try {
    const adminPage = await admin.newPage();
    // Searched for: other files register hundreds of boxes, and this one may be beyond a page.
    await adminPage.goto(`/devices?q=${deveui}`);
    await expect(boxRow(adminPage, deveui)).toContainText(text('en', 'devices.unassigned'));
    await expect(boxRow(adminPage, deveui)).not.toContainText(name);
  } finally {
    await admin.close();
  }
});
