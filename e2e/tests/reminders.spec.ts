import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays } from '@dosedot/domain/time';
import { browserKeys, decrypt, startPushService } from '../../packages/server/test/push-service';
import { expect, type Page, test } from './fixtures';
import {
  addMedicine,
  localTimeOf,
  newPatient,
  profileOf,
  signInAs,
  skipTour,
  withDb,
} from './medicines-support';
import { controlled, deliverPush, notificationsShown } from './push-support';
import { lastMailTo } from './support';

/*
 * Issue 26 items 2 and 4 through the real server: a patient switches e-mail reminders on on the
 * profile page, the server's own scheduler (a 2-second tick in e2e) sends the reminder of a pending
 * dose to the outbox, and the page lists what was sent. The form names a wrong field.
 */

const MIN = 60_000;

/** A new patient with a dose a minute ago, in their zone, of a medicine entered yesterday. */
async function patientWithPendingDose(page: Page, name: string, medicineName: string) {
  const patient = await newPatient(page, name);
  const { id: profileId, timezone } = await profileOf(page, patient);
  const doseAt = Math.floor((Date.now() - MIN) / MIN) * MIN;
  const time = localTimeOf(doseAt, timezone);
  const medicine = await addMedicine(page, patient, {
    name: medicineName,
    start_date: addDays(chartDayOf(doseAt, timezone), -1),
    dosage_times: [time],
  });
  withDb((db) =>
    db.prepare('UPDATE medicines SET created_at = ? WHERE id = ?').run(doseAt - 86_400_000, medicine),
  );
  return { patient, profileId, timezone, doseAt, time };
}

/** Switches the reminders on from a minute before the dose (they start from the moment they are on). */
function enabledBefore(profileId: number, doseAt: number) {
  withDb((db) =>
    db
      .prepare('UPDATE reminder_settings SET enabled_at = ? WHERE profile_id = ?')
      .run(doseAt - MIN, profileId),
  );
}

test('a patient switches e-mail reminders on and gets the reminder of a pending dose', async ({ page }) => {
  await skipTour(page);
  const { patient, profileId, doseAt, time } = await patientWithPendingDose(
    page,
    'Rita Reminder',
    'Remindol',
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
  enabledBefore(profileId, doseAt);
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

test.describe('by push', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a patient with push on gets the reminder in the browser, and its button confirms the dose', async ({
    page,
    context,
    baseURL,
  }) => {
    // This Chromium has no push service of its own (subscribing needs one): the test's stands in,
    // on loopback, and the browser's subscription is made with keys the test holds.
    const pushService = await startPushService();
    try {
      await skipTour(page);
      const { patient, profileId, doseAt, time } = await patientWithPendingDose(page, 'Petra Push', 'Pushol');
      const auth = { authorization: `Bearer ${patient.token}` };
      const keys = browserKeys();
      const subscribed = await page.request.post('/api/reminders/push-subscriptions', {
        headers: auth,
        data: {
          data: {
            endpoint: `${pushService.origin}/push/petra`,
            keys: { p256dh: keys.p256dh, auth: keys.authText },
          },
        },
      });
      expect(subscribed.ok(), await subscribed.text()).toBe(true);
      const saved = await page.request.put('/api/reminders/settings', {
        headers: auth,
        data: {
          data: {
            email: false,
            push: true,
            quietFrom: null,
            quietTo: null,
            missedAfterMinutes: 60,
            caregiverDelayMinutes: 60,
          },
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      enabledBefore(profileId, doseAt);

      // The server's scheduler sends it, encrypted for the browser.
      await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const message = JSON.parse(decrypt(pushService.received[0]?.body ?? Buffer.alloc(0), keys));
      expect(message).toMatchObject({
        title: `Time for your ${time} dose`,
        body: `It is time for your ${time} dose: Pushol.`,
        lang: 'en',
      });
      expect(lastMailTo(patient.email) ?? '').not.toContain('Pushol');

      // Delivered to the app's service worker, it shows as a notification with its buttons.
      const origin = new URL(baseURL as string).origin;
      await context.grantPermissions(['notifications'], { origin });
      await signInAs(page, patient);
      await controlled(page);
      await deliverPush(page, context, origin, JSON.stringify(message));
      await expect
        .poll(() => notificationsShown(page))
        .toEqual([
          { title: message.title, body: message.body, lang: 'en', actions: ['I took it', 'Snooze 10 min'] },
        ]);

      // 'I took it': the call the service worker makes with the notification's token.
      const taken = await page.request.post('/api/reminders/dose-action', {
        data: { data: { token: message.actions.token, action: 'taken' } },
      });
      expect(taken.ok(), await taken.text()).toBe(true);
      await page.reload();
      await expect(
        page.getByRole('list', { name: "Today's doses" }).getByText('Confirmed by hand').first(),
      ).toBeVisible();
    } finally {
      await pushService.close();
    }
  });
});
