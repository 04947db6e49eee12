import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays } from '@dosedot/domain/time';
import { expect, test } from '@playwright/test';
import {
  addMedicine,
  localTimeOf,
  newPatient,
  profileOf,
  signInAs,
  skipTour,
  withDb,
} from './medicines-support';
import { lastMailTo } from './support';

/*
 * Issue 26 items 2 and 4 through the real server: a patient switches e-mail reminders on on the
 * profile page, the server's own scheduler (a 2-second tick in e2e) sends the reminder of a pending
 * dose to the outbox, and the page lists what was sent. The form names a wrong field.
 */

const MIN = 60_000;

test('a patient switches e-mail reminders on and gets the reminder of a pending dose', async ({ page }) => {
  await skipTour(page);
  const patient = await newPatient(page, 'Rita Reminder');
  const { id: profileId, timezone } = await profileOf(page, patient);
  // A dose a minute ago, in the patient's zone, of a medicine entered yesterday.
  const doseAt = Math.floor((Date.now() - MIN) / MIN) * MIN;
  const time = localTimeOf(doseAt, timezone);
  const medicine = await addMedicine(page, patient, {
    name: 'Remindol',
    start_date: addDays(chartDayOf(doseAt, timezone), -1),
    dosage_times: [time],
  });
  withDb((db) =>
    db.prepare('UPDATE medicines SET created_at = ? WHERE id = ?').run(doseAt - 86_400_000, medicine),
  );

  await signInAs(page, patient);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Reminders and alerts' })).toBeVisible();
  await expect(page.getByText('Nothing sent yet.')).toBeVisible();

  // Quiet hours with one end only: the second field says what is wrong, nothing is saved.
  await page.getByLabel('Quiet from').fill('22:00');
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Give both ends of the quiet hours, or neither')).toBeVisible();
  await page.getByLabel('Quiet from').fill('');

  await page.getByLabel('E-mail me at each dosage time and when a dose is missed').check();
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminders saved')).toBeVisible();
  const saved = await page.request.get('/api/reminders/settings', {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  expect((await saved.json()).data).toMatchObject({ email: true, quietFrom: null, quietTo: null });

  // Switched on a minute before the dose (reminders start from the moment they are switched on).
  withDb((db) =>
    db
      .prepare('UPDATE reminder_settings SET enabled_at = ? WHERE profile_id = ?')
      .run(doseAt - MIN, profileId),
  );
  await expect
    .poll(() => lastMailTo(patient.email) ?? '', { timeout: 30_000 })
    .toContain(`Subject: DoseDot: time for your ${time} dose`);
  expect(lastMailTo(patient.email)).toContain('Remindol');

  await page.reload();
  const sent = page.getByRole('list', { name: 'Sent to you' });
  await expect(sent.getByText('Reminder', { exact: true })).toBeVisible();
  await expect(sent.getByText(/^Dose of /)).toBeVisible();
  await expect(sent.getByText(/^Sent /)).toBeVisible();
  // Still on after the reload: the switch reads the saved settings.
  await expect(page.getByLabel('E-mail me at each dosage time and when a dose is missed')).toBeChecked();
});
