import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays } from '@dosedot/domain/time';
import { addMonths } from '../../packages/web/src/lib/dates';
import { expect, test } from './fixtures';
import {
  addMedicine,
  englishTime,
  localTimeOf,
  newPatient,
  pressTheBox,
  profileOf,
  signInAs,
} from './medicines-support';
import { accounts, expectAccessible, statePath, tapTogether } from './support';

test("a press for the patient's box turns that dose's dot to on time on the dashboard", async ({ page }) => {
  const patient = await newPatient(page, 'Dora Dashboard');
  const { id: profileId, timezone } = await profileOf(page, patient);
  // A dose two minutes from now, in the same chart day (03:00 to 03:00) as now.
  const now = Date.now();
  let doseAt = now + 2 * 60_000;
  if (chartDayOf(doseAt, timezone) !== chartDayOf(now, timezone)) doseAt = now - 5 * 60_000;
  const doseTime = localTimeOf(doseAt, timezone);
  const startDate = addDays(chartDayOf(now, timezone), -1);
  await addMedicine(page, patient, { name: 'Candesartan', start_date: startDate, dosage_times: [doseTime] });

  await signInAs(page, patient);
  const today = page.getByRole('list', { name: "Today's doses" });
  const row = today.getByRole('listitem').filter({ hasText: englishTime(doseTime) });
  await expect(row).toContainText('Candesartan');
  await expect(row).not.toContainText('On time');

  // The box is pressed now: within 30 minutes of the dose, so on time.
  pressTheBox(profileId, now);
  await page.reload();
  await expect(row).toContainText('On time');
  await expect(row).toContainText(/Pressed at/);
  await expect(page.getByRole('region', { name: "Today's adherence" })).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('list', { name: /^Timeline of / })).toContainText('On time');
});

test.describe('the demo patient', () => {
  test.use({ storageState: statePath(accounts.anna.state) });

  test('the four dashboard variants show the plan and are accessible', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('list', { name: "Today's doses" }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next dose' })).toBeVisible();
    // One's own dashboard greets one by name.
    await expect(page.getByRole('heading', { level: 2, name: /^Hello Anna · / })).toBeVisible();

    await page.getByRole('tab', { name: 'Weekly plan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/weekly$/);
    const week = page.getByRole('table');
    await expect(week.getByRole('columnheader')).toHaveCount(8);
    await expect(week.getByRole('rowheader', { name: 'Adherence' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Monthly plan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/monthly$/);
    const month = page.getByRole('list', { name: /^Adherence by day in / });
    await expect(month.getByRole('listitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(/\/dashboard\/monthly\?month=\d{4}-\d{2}$/);
    const shown = new URL(page.url()).searchParams.get('month') ?? '';
    // Two quick taps on 'Previous month' in one task (before the page has followed the first) go
    // two months back, not one.
    const previous = page.getByRole('button', { name: 'Previous month' });
    await tapTogether(previous, previous);
    await expect(page).toHaveURL(new RegExp(`/dashboard/monthly\\?month=${addMonths(shown, -2)}$`));
    await expectAccessible(page);

    await page.goto('/de/dashboard/index2');
    await expect(page.getByRole('list', { name: /^Zeitleiste vom / })).toBeVisible();
    await expectAccessible(page);
  });

  test('the cumulative chart shows taken against due doses and the whole schedule', async ({ page }) => {
    await page.goto('/cumulative-chart');
    await expect(page.getByRole('img', { name: /^Doses from / })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your whole schedule' }).getByRole('row')).toHaveCount(4);
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL(/days=7$/);
    await expectAccessible(page);
  });
});
