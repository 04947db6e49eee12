import { chartDayOf } from '@dosedot/domain/adherence';
import { addDays, toLocalIso } from '@dosedot/domain/time';
import { expect, test } from './fixtures';
import {
  addMedicine,
  englishTime,
  localTimeOf,
  makeCaregiver,
  newPatient,
  profileOf,
  signInAs,
  skipTour,
  withDb,
} from './medicines-support';
import { lastMailTo } from './support';

/*
 * Issue 26 item 5, the caregiver's side, through the real server: a patient's dose passed its window
 * without a press; their caregiver opens them from /caregiving and sees, read-only and under a banner
 * naming whose data it is, the dose as missed on the dashboard and the alert DoseDot sent about it
 * (the server's own scheduler, a 2-second tick in e2e); My Medicine offers no button that writes.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Zones a few hours apart: one of them has the afternoon now, so a dose 5 hours ago is today's. */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/Berlin',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
];

test('the caregiver sees the missed dose', async ({ page, browser }) => {
  await skipTour(page);
  const patient = await newPatient(page, 'Maria Missed');
  const carer = await newPatient(page, 'Carl Carer');
  const asPatient = { authorization: `Bearer ${patient.token}` };
  const { id: profileId } = await profileOf(page, patient);

  // A dose 5 hours ago (past its 4-hour window), on today's chart day of the patient's zone.
  const doseAt = Math.floor((Date.now() - 5 * HOUR) / MIN) * MIN;
  const zone = ZONES.find((z) => {
    const hour = Number(toLocalIso(Date.now(), z).slice(11, 13));
    return hour >= 10 && hour <= 22;
  });
  if (!zone) throw new Error('no zone has the afternoon now');
  expect(chartDayOf(doseAt, zone)).toBe(chartDayOf(Date.now(), zone));
  const time = localTimeOf(doseAt, zone);
  const medicine = await addMedicine(page, patient, {
    name: 'Missolin',
    start_date: addDays(chartDayOf(doseAt, zone), -1),
    dosage_times: [time],
  });
  // Entered yesterday (tracked since then), in that zone.
  withDb((db) => {
    db.prepare('UPDATE medicines SET created_at = ? WHERE id = ?').run(doseAt - 86_400_000, medicine);
    db.prepare('UPDATE profiles SET timezone = ? WHERE id = ?').run(zone, profileId);
  });

  // Alerts on, from before the dose: the scheduler tells the patient, then the caregiver.
  const settings = await page.request.put('/api/reminders/settings', {
    headers: asPatient,
    data: {
      data: {
        email: true,
        quietFrom: null,
        quietTo: null,
        missedAfterMinutes: 60,
        caregiverDelayMinutes: 60,
      },
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  withDb((db) =>
    db
      .prepare('UPDATE reminder_settings SET enabled_at = ? WHERE profile_id = ?')
      .run(doseAt - MIN, profileId),
  );

  // The invitation, taken by the caregiver.
  await makeCaregiver(page, patient, carer);
  // The scheduler tells the caregiver too (after the caregivers' delay, long past).
  await expect
    .poll(() => lastMailTo(carer.email) ?? '', { timeout: 30_000 })
    .toMatch(/Subject: DoseDot: Maria Missed's \S+ dose was not taken/);

  // The caregiver, on a phone, in a browser of their own.
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await skipTour(phone);
  await signInAs(phone, carer);
  await phone.getByRole('button', { name: 'Open the menu' }).click();
  await phone.getByRole('link', { name: 'Caregiving' }).click();
  await phone.getByRole('button', { name: 'Open the data of Maria Missed' }).click();

  await expect(phone).toHaveURL(/\/dashboard$/);
  const banner = phone.getByRole('region', { name: 'Caregiver view' });
  await expect(banner.getByText('You are looking at the data of Maria Missed')).toBeVisible();
  // The caregiver is not greeted by the patient's name: the day is named as the patient's.
  await expect(phone.getByRole('heading', { level: 2, name: /^Maria's day · / })).toBeVisible();
  await expect(phone.getByText(/^Hello /)).toHaveCount(0);
  const today = phone.getByRole('list', { name: "Today's doses" });
  const dose = today.getByRole('listitem').filter({ hasText: englishTime(time) });
  await expect(dose.getByText('Missolin')).toBeVisible();
  await expect(dose.getByText('Missed', { exact: true })).toBeVisible();
  const alerts = phone.getByRole('list', { name: 'Alerts' });
  await expect(alerts.getByText('Dose not taken').first()).toBeVisible();

  // My Medicine, read-only: the medicine and its missed dose, no button that writes.
  await phone.getByRole('button', { name: 'Open the menu' }).click();
  // The cumulative chart shows one's own data only: not offered while reading the patient's.
  await expect(phone.getByRole('link', { name: 'My Medicine' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Cumulative Chart' })).toHaveCount(0);
  await phone.getByRole('link', { name: 'My Medicine' }).click();
  await expect(phone.getByRole('list', { name: 'Your medicines' }).getByText('Missolin')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Add medicine' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  await expect(phone.getByRole('link', { name: /^Edit/ })).toHaveCount(0);

  // Back to one's own data: the banner goes, the caregiver's own (empty) dashboard shows.
  await banner.getByRole('button', { name: 'My own data' }).click();
  await expect(phone).toHaveURL(/\/caregiving$/);
  await expect(phone.getByRole('region', { name: 'Caregiver view' })).toHaveCount(0);
  await phone.getByRole('button', { name: 'Open the menu' }).click();
  await expect(phone.getByRole('link', { name: 'Cumulative Chart' })).toBeVisible();
  await phone.close();
});
