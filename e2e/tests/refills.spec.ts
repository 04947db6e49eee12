import { chartDayOf } from '@dosedot/domain/adherence';
import { expect, test } from './fixtures';
import { newPatient, profileOf, signInAs, skipTour } from './medicines-support';

/*
 * Refills (issue 26 item 6) through the real server: the medicine form takes a stock and the units
 * per intake, names a wrong one on its field, and My Medicine says how long the stock lasts.
 */

test('a patient enters a stock on the medicine form and My Medicine says how long it lasts', async ({
  page,
}) => {
  const patient = await newPatient(page, 'Stella Stock');
  const { timezone } = await profileOf(page, patient);
  await skipTour(page);
  await signInAs(page, patient);
  await page.goto('/my-medicine/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Add medicine' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Stockamin');
  await page.getByLabel(/^Start date/).fill(chartDayOf(Date.now(), timezone));
  await page.getByLabel('Dosage time 1', { exact: true }).fill('07:00');
  await page.getByRole('button', { name: /Add a dosage time/ }).click();
  await page.getByLabel('Dosage time 2', { exact: true }).fill('19:00');

  // A stock that is no count: its field says so, nothing is saved.
  await page.getByLabel('Units in stock now').fill('plenty');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the units in stock, from 0 to 100000')).toBeVisible();
  await expect(page).toHaveURL(/\/my-medicine\/edit$/);

  // 21 units at 1.5 a dose, two doses a day: 7 days.
  await page.getByLabel('Units in stock now').fill('21');
  await page.getByLabel('Units per intake').fill('1,5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/my-medicine\?medicine=\d+$/);
  const list = page.getByRole('list', { name: 'Your medicines' });
  await expect(list.getByText('Enough for about 7 days (21 left)')).toBeVisible();
});
