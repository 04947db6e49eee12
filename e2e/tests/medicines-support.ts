import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { toLocalIso } from '@dosedot/domain/time';
import Database from 'better-sqlite3';
import { EXTERNAL_CHECK_MS } from '../../packages/server/src/db/read-cache';
import { expect, type Page } from './fixtures';
import { DATA_DIR, lastMailTo, newEmail, signIn } from './support';

/*
 * Helpers of the medicine and dashboard specs: fresh patients made through the API, medicines
 * added through the API, and a box with a button press written straight into the e2e server's
 * SQLite file (there is no ingestion endpoint yet).
 */

export const PASSWORD = 'Dose-Dot-e2e-2026!';
/** The guided tour seen by a user is remembered per user id under this prefix (logout keeps it). */
const TOUR_SEEN = 'dosedot.kept.tour.dot-chart.';

export interface Patient {
  email: string;
  token: string;
}

/** Registers a patient through the API (the sign-up page has its own spec). */
export async function newPatient(page: Page, name = 'Paula Patient'): Promise<Patient> {
  const email = newEmail('med');
  const res = await page.request.post('/api/auth/local/register', {
    data: { username: name, email, password: PASSWORD, language: 'en' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  // Registration answers no token (it never tells whether the address had an account): sign in.
  const login = await page.request.post('/api/auth/local', {
    data: { identifier: email, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { jwt } = (await login.json()) as { jwt: string };
  return { email, token: jwt };
}

/** Signs the patient in through the sign-in page. */
export async function signInAs(page: Page, patient: Patient) {
  await page.goto('/auth/signin');
  await signIn(page, patient.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The guided tour counts as seen for whoever signs in, so it does not open by itself (its own test
 * opens it): the user id is not known before sign-in, so every user's key reads as seen.
 */
export const skipTour = (page: Page) =>
  page.addInitScript((prefix) => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      return key.startsWith(prefix) ? 'seen' : getItem.call(this, key);
    };
  }, TOUR_SEEN);

export async function addMedicine(
  page: Page,
  patient: Patient,
  medicine: { name: string; start_date: string; dosage_times: string[]; strength?: string },
): Promise<number> {
  const res = await page.request.post('/api/medicine/assignMedicine', {
    headers: { authorization: `Bearer ${patient.token}` },
    data: { data: medicine },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

export async function profileOf(page: Page, patient: Patient) {
  const res = await page.request.get('/api/profile/userdata', {
    headers: { authorization: `Bearer ${patient.token}` },
  });
  return (await res.json()) as { id: number; timezone: string };
}

/** The local time 'HH:MM' of an instant in a zone (the chart day comes from the domain's chartDayOf). */
export const localTimeOf = (instant: number, zone: string): string => toLocalIso(instant, zone).slice(11, 16);

/** A dosage time 'HH:MM' as the English page writes it ("8:30 AM"), as a pattern for any space. */
export function englishTime(time: string): RegExp {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const text = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(1970, 0, 1, h, m),
  );
  return new RegExp(text.replace(/\s/g, '\\s'));
}

/**
 * Writes straight into the e2e server's SQLite file, in one transaction. The server sees another
 * process's commit within EXTERNAL_CHECK_MS (it checks `PRAGMA data_version` at most that often:
 * packages/server/src/db/read-cache.ts); after a write this waits that long, so the next request
 * the test makes is answered from the new data, however soon it comes.
 */
export function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(DATA_DIR, 'dosedot.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changes = db.prepare('select total_changes()').pluck();
    const before = changes.get() as number;
    const result = db.transaction(() => work(db))();
    if ((changes.get() as number) !== before) Atomics.wait(SLEEP, 0, 0, EXTERNAL_CHECK_MS + 50);
    return result;
  } finally {
    db.close();
  }
}
const SLEEP = new Int32Array(new SharedArrayBuffer(4));

/**
 * A new box held by the patient since `since` (sensor, profile link and assignment), written in
 * `db`'s transaction (no route makes a box): its id and DevEUI.
 */
export function giveBox(
  db: Database.Database,
  profileId: number,
  since: number,
): { id: number; deveui: string } {
  const deveui = randomBytes(8).toString('hex').toUpperCase();
  const sensor = db
    .prepare('INSERT INTO sensors (deveui, serial_number, created_at) VALUES (?, ?, ?) RETURNING id')
    .get(deveui, `E2E-${deveui.slice(-6)}`, since) as { id: number };
  db.prepare('UPDATE profiles SET sensor_id = ?, is_linked = 1 WHERE id = ?').run(sensor.id, profileId);
  db.prepare(
    'INSERT INTO sensor_assignments (sensor_id, profile_id, assigned_from, assigned_to) VALUES (?, ?, ?, NULL)',
  ).run(sensor.id, profileId, since);
  return { id: sensor.id, deveui };
}

/** Gives the patient a box (sensor and assignment) and records one button press at `pressedAt`. */
export function pressTheBox(profileId: number, pressedAt: number) {
  withDb((db) => {
    const box = giveBox(db, profileId, Date.now() - 86_400_000);
    db.prepare('INSERT INTO button_presses (sensor_id, uplink_id, pressed_at) VALUES (?, NULL, ?)').run(
      box.id,
      pressedAt,
    );
  });
}

/**
 * The cells of a medicine history table, header first, over all its pages (ten doses a page): the
 * pager's 'Next page' is followed until it is disabled or absent. The action column (confirm by
 * hand) is left out, as the CSV export leaves it out.
 */
export async function historyTableRows(page: Page, medicine: string): Promise<string[][]> {
  const history = page.getByRole('region', { name: `Medicine history: ${medicine}` });
  const table = history.getByRole('table', { name: `Medicine history: ${medicine}` });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const cellsOf = () =>
    table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('th:not([data-action]), td:not([data-action])')].map((cell) =>
            (cell.textContent ?? '').trim(),
          ),
        ),
      );
  const [header, ...rows] = await cellsOf();
  const next = history.getByRole('button', { name: 'Next page' });
  while ((await next.count()) > 0 && (await next.isEnabled())) {
    const firstBefore = (await table.getByRole('row').nth(1).textContent()) ?? '';
    await next.click();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(firstBefore);
    rows.push(...(await cellsOf()).slice(1));
  }
  return [header ?? [], ...rows];
}

/**
 * Scrolls My Medicine's plans and charts into view: their panel (the dot chart and its tour, the
 * plans) is drawn when it comes near the screen (issue 23 item 12).
 */
export async function showPlans(page: Page) {
  await page.getByRole('region', { name: 'Plans and charts' }).scrollIntoViewIfNeeded();
}

/**
 * From the guided tour's first step to its second ("What the marks mean"). A tap while the card is
 * still moving into place is let go by react-joyride (on CI's loaded machine, in two specs): tapped
 * again as a person would, only while the first step shows, so it never skips the second.
 */
export async function tourToItsSecondStep(page: Page) {
  await expect(async () => {
    await page
      .getByRole('button', { name: /^Next \(1 / })
      .click({ timeout: 2_000 })
      .catch(() => {});
    await expect(page.getByText('What the marks mean')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The patient invites the caregiver, who takes the invitation through the link mailed to them. */
export async function makeCaregiver(page: Page, patient: Patient, carer: Patient) {
  const invited = await page.request.post('/api/caregivers/invite', {
    headers: { authorization: `Bearer ${patient.token}` },
    data: { data: { email: carer.email } },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  // The link goes to the outbox once the invitation is committed.
  const tokenOf = () =>
    (lastMailTo(carer.email) ?? '').match(/caregiving\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
  await expect.poll(tokenOf).not.toBe('');
  const taken = await page.request.post('/api/caregivers/accept', {
    headers: { authorization: `Bearer ${carer.token}` },
    data: { data: { token: tokenOf() } },
  });
  expect(taken.ok(), await taken.text()).toBe(true);
}

/**
 * Makes a registered user an administrator with a confirmed address, in the e2e server's database
 * (no route makes one: the seed or the first confirmed account is one), before they open a page.
 */
export function makeAdmin(email: string) {
  withDb((db) => {
    db.prepare("update users set role = 'admin', confirmed = 1 where email = ?").run(email);
    db.prepare(
      "update profiles set profiletype = 'admin' where user_id = (select id from users where email = ?)",
    ).run(email);
  });
}
