import { randomBytes } from 'node:crypto';
import { chartDayOf } from '@dosedot/domain/adherence';
import { DOSEDOT_DR0_BYTES, DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import { addDays } from '@dosedot/domain/time';
import { INGEST_TOKEN } from '../playwright.config';
import { expect, type Page, test } from './fixtures';
import {
  addMedicine,
  englishTime,
  historyTableRows,
  localTimeOf,
  newPatient,
  type Patient,
  profileOf,
  showPlans,
  signInAs,
  skipTour,
} from './medicines-support';
import { accounts } from './support';

/*
 * Issue 23 items 2 and 3 through the real server: 'I took one' of an as-needed medicine, a dose
 * confirmed by hand beside one a real box press took (the uplink goes through the TTS webhook, as a
 * network server sends it), and a start date in the past that shows 'not tracked', never 'Missed'.
 */

const MIN = 60_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Totals {
  taken: number;
  byHand: number;
  notTracked: number;
  missed: number;
  due: number;
  unmatched: number;
}
async function totalsOf(page: Page, patient: Patient, from: string, to: string): Promise<Totals> {
  const res = await page.request.get(`/api/adherence?from=${from}&to=${to}`, {
    headers: bearer(patient.token),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { totals: Totals } }).data.totals;
}

/** One uplink of a DoseDot box as The Things Stack posts it to the webhook; `presses` seconds before it. */
async function sendUplink(page: Page, deveui: string, fCnt: number, pressesSecondsAgo: number[]) {
  const payload = encodeDoseDot(
    {
      buttonMode: 'single',
      battery: 90,
      temperature: 21,
      humidity: 45,
      motion: 1,
      pressOffsets: pressesSecondsAgo,
    },
    DOSEDOT_DR0_BYTES,
  );
  const body = ttsUplinkMessage({
    deveui,
    fCnt,
    fPort: DOSEDOT_FPORT,
    payload,
    receivedAt: Date.now(),
    devAddr: '26011a2b',
  });
  const res = await page.request.post('/api/ingest/tts', { headers: bearer(INGEST_TOKEN), data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A zone where it is day now (09:00 to 19:59), so the doses these tests place around now, and the
 * chart day (03:00 to 03:00), never straddle a chart day's start whenever the suite runs.
 */
function daytimeZone(now = Date.now()): string {
  const zones = ['Europe/Berlin', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/New_York', 'Pacific/Honolulu'];
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: zone }).format(now),
    );
  return zones.find((zone) => hourIn(zone) >= 9 && hourIn(zone) < 20) ?? 'Europe/Berlin';
}

/** A new patient whose profile is in a zone where it is day now. */
async function patientInDaytime(page: Page, name: string) {
  const patient = await newPatient(page, name);
  const res = await page.request.put('/api/profile/userdata', {
    headers: bearer(patient.token),
    data: { timezone: daytimeZone() },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { patient, profile: await profileOf(page, patient) };
}

test.beforeEach(async ({ page }) => skipTour(page));

test("'I took one' of an as-needed medicine is listed with its own mark, never as a press, and leaves the tallies alone", async ({
  page,
}) => {
  const { patient, profile } = await patientInDaytime(page, 'Ines Intake');
  const today = chartDayOf(Date.now(), profile.timezone);
  const res = await page.request.post('/api/medicine/assignMedicine', {
    headers: bearer(patient.token),
    data: { data: { name: 'Ibuprofen', type: 2, start_date: addDays(today, -2), dosage_times: [] } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const ibuprofen = ((await res.json()) as { data: { id: number } }).data.id;
  // A scheduled one too, listed after it: the page opens on the scheduled one, not the as-needed one.
  await addMedicine(page, patient, { name: 'Zinc', start_date: today, dosage_times: ['21:00'] });
  const before = await totalsOf(page, patient, addDays(today, -2), today);

  await signInAs(page, patient);
  await page.goto('/my-medicine');
  await expect(page.getByRole('heading', { name: 'Medicine history: Zinc' })).toBeVisible();
  await page.goto(`/my-medicine?medicine=${ibuprofen}`);
  const history = page.getByRole('region', { name: 'Medicine history: Ibuprofen' });
  await expect(history.getByText('Nothing entered by hand in this period')).toBeVisible();

  await history.getByRole('button', { name: 'I took one' }).click();
  const dialog = page.getByRole('dialog', { name: 'I took Ibuprofen' });
  await dialog.getByLabel('Amount (optional)').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const entered = history.getByRole('list', { name: 'Entered by hand' }).getByRole('listitem');
  await expect(entered).toHaveCount(1);
  await expect(entered).toContainText('Amount 2');
  // Its own mark on the dot chart, and no press: the box's history stays empty.
  await showPlans(page);
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend.getByRole('listitem').filter({ hasText: 'Taken as needed (by hand)' })).toContainText(
    '(1)',
  );
  await expect(legend.getByRole('listitem').filter({ hasText: 'Press without a dose' })).toContainText('(0)');
  expect(await totalsOf(page, patient, addDays(today, -2), today)).toEqual(before);
  await page.goto(`/my-medicine?medicine=${ibuprofen}&view=presses`);
  await showPlans(page);
  await expect(page.getByText('No button press in this period.')).toBeVisible();

  // Entered by mistake: deleted again.
  await page
    .getByRole('button', { name: /^Delete the intake of / })
    .first()
    .click();
  await expect(history.getByText('Nothing entered by hand in this period')).toBeVisible();
});

test('a dose without a press is confirmed by hand and counted apart; a real box press through the webhook takes the other', async ({
  page,
}) => {
  const { patient, profile } = await patientInDaytime(page, 'Bruno Box');
  const now = Date.now();
  const today = chartDayOf(now, profile.timezone);
  // The box is heard by the network (first uplink), then assigned to the patient by an administrator.
  const deveui = randomBytes(8).toString('hex').toUpperCase();
  await sendUplink(page, deveui, 1, []);
  const admin = await page.request.post('/api/auth/local', {
    data: { identifier: accounts.admin.email, password: accounts.admin.password },
  });
  const { jwt } = (await admin.json()) as { jwt: string };
  const assigned = await page.request.post('/api/sensor/assign', {
    headers: bearer(jwt),
    data: { data: { profileid: profile.id, deveui } },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  const early = localTimeOf(now - 50 * MIN, profile.timezone);
  const late = localTimeOf(now + 20 * MIN, profile.timezone);
  const id = await addMedicine(page, patient, {
    name: 'Metformin',
    start_date: today,
    dosage_times: [early, late],
  });
  // Pressed as the uplink goes (after the assignment): the late dose is due in 20 minutes, so the
  // press takes it (on time); the early one, before the medicine was entered, is not tracked.
  await sendUplink(page, deveui, 2, [0]);

  await signInAs(page, patient);
  await page.goto(`/my-medicine?medicine=${id}&view=daily`);
  await showPlans(page);
  const doses = page.getByRole('list', { name: /^Doses on / });
  const earlyDose = doses.getByRole('listitem').filter({ hasText: englishTime(early) });
  const lateDose = doses.getByRole('listitem').filter({ hasText: englishTime(late) });
  await expect(lateDose).toContainText('On time');
  await expect(lateDose).toContainText('pressed at');
  await expect(lateDose.getByRole('button', { name: /by hand/ })).toHaveCount(0);
  await expect(earlyDose).toContainText('Not tracked');

  await earlyDose.getByRole('button', { name: /^Confirm the dose of .* by hand$/ }).click();
  await expect(earlyDose).toContainText('Confirmed by hand');
  await expect(earlyDose).not.toContainText('pressed at');
  await expect(lateDose).toContainText('On time');

  // The tallies: one taken by the box, one confirmed by hand, apart.
  expect(await totalsOf(page, patient, today, today)).toMatchObject({
    taken: 1,
    byHand: 1,
    missed: 0,
    due: 2,
  });
  await page.goto('/dashboard');
  const doses2 = page.getByRole('region', { name: 'Doses today' });
  await expect(doses2).toContainText('2 of 2');
  await expect(doses2).toContainText('1 on time');
  await expect(doses2).toContainText('1 confirmed by hand');
});

test("a start date ten days back shows 'not tracked' before the medicine was entered, never 'Missed'", async ({
  page,
}) => {
  const { patient, profile } = await patientInDaytime(page, 'Nora Notyet');
  const today = chartDayOf(Date.now(), profile.timezone);
  const start = addDays(today, -10);
  const id = await addMedicine(page, patient, {
    name: 'Ramipril',
    start_date: start,
    dosage_times: ['00:30'],
  });

  await signInAs(page, patient);
  await page.goto(`/my-medicine?medicine=${id}&from=${start}&to=${today}`);
  const history = page.getByRole('region', { name: 'Medicine history: Ramipril' });
  // The status column over the table's pages.
  const statuses = (await historyTableRows(page, 'Ramipril')).slice(1).map((cells) => cells[2]);
  expect(statuses.filter((s) => s === 'Not tracked')).toHaveLength(10);
  expect(statuses).not.toContain('Missed');
  await expect(history.getByText(/are not tracked, never missed/)).toBeVisible();
  await showPlans(page);
  const legend = page.getByRole('list', { name: 'Legend' });
  await expect(legend.getByRole('listitem').filter({ hasText: 'Not tracked' })).toContainText('(10)');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Missed' })).toContainText('(0)');
  expect(await totalsOf(page, patient, start, today)).toMatchObject({ notTracked: 10, missed: 0, due: 0 });
});
