import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { toLocalIso } from '@dosedot/domain/time';
import { expect, type Page, test } from './fixtures';
import { newPatient, type Patient, profileOf, withDb } from './medicines-support';
import { ARTIFACTS, accounts, expectAccessible, statePath, text } from './support';

/*
 * Issue 24 items 1, 4, 7 and 11 in the browser: Users › assign box searches every free box on the
 * server and shows its serial, model, battery and last seen; the moment the patient got the box
 * makes the presses sent since theirs; a refusal's reason shows under the spec's failure toast.
 */

const HOUR = 3_600_000;

/** A free box with a serial of its own, battery 73 %, heard 2 hours ago: its DevEUI, id and serial. */
function newFreeBox(): { id: number; deveui: string; serial: string } {
  const deveui = randomBytes(8).toString('hex').toUpperCase();
  const serial = `SN-${randomBytes(3).toString('hex').toUpperCase()}`;
  const now = Date.now();
  const row = withDb(
    (db) =>
      db
        .prepare(
          `INSERT INTO sensors (deveui, serial_number, name, device_profile, buttonmode, battery, last_uplink_at, created_at)
           VALUES (?, ?, 'Küche', 'dosedot-box', 'single', 73, ?, ?) RETURNING id`,
        )
        .get(deveui, serial, now - 2 * HOUR, now - 48 * HOUR) as { id: number },
  );
  return { id: row.id, deveui, serial };
}

/** The patient's merged presses over the last two days, as the API answers them to the patient. */
async function pressesOf(page: Page, patient: Patient, profileId: number) {
  const now = Date.now();
  const res = await page.request.post('/api/sensor/button/getButtonPressHistory', {
    headers: { authorization: `Bearer ${patient.token}` },
    data: {
      profileId,
      startDate: new Date(now - 48 * HOUR).toISOString(),
      endDate: new Date(now + HOUR).toISOString(),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { presses: { sensordatetime_utc: string }[] } }).data.presses;
}

/** Opens Users › assign box for the patient (the list searched by their name). */
async function openAssign(page: Page, name: string) {
  await page.goto(`/patient-list?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Assign a sensor to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'patients.assign.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('assigning a box (admin)', () => {
  test.use({ storageState: statePath(accounts.admin.state) });

  test('searches a free box by serial, shows its battery and last seen, assigns it from a past moment', async ({
    page,
  }) => {
    test.slow();
    const name = `Hanna H${randomBytes(3).toString('hex')}`;
    const patient = await newPatient(page, name);
    const profile = await profileOf(page, patient);
    const box = newFreeBox();
    // The box was pressed 3 hours ago, before anyone held it in DoseDot; the patient had it since 4 hours ago.
    const pressedAt = Date.now() - 3 * HOUR;
    withDb((db) =>
      db
        .prepare('INSERT INTO button_presses (sensor_id, uplink_id, pressed_at) VALUES (?, NULL, ?)')
        .run(box.id, pressedAt),
    );
    expect(await pressesOf(page, patient, profile.id)).toEqual([]);

    const dialog = await openAssign(page, name);
    await dialog.getByLabel(text('en', 'assign.boxes.search')).fill(box.serial.toLowerCase());
    const option = dialog.getByRole('button', { name: new RegExp(`^${box.serial} · Küche`) });
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(`DevEUI ${box.deveui}`);
    await expect(option).toContainText('model dosedot-box');
    await expect(option).toContainText('battery 73%');
    await expect(option).toContainText(/last seen \w{3} \d{1,2}, \d{4}/);
    await expect(dialog.getByText(/Page 1 of 1 · free boxes: 1/)).toBeVisible();
    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
    // Four hours ago on the patient's wall clock.
    const since = toLocalIso(Date.now() - 4 * HOUR, profile.timezone).slice(0, 16);
    await dialog.getByLabel(text('en', 'assign.since.label')).fill(since);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'assign-users-dialog-1280.png') });
    await dialog.getByRole('button', { name: `Assign ${box.serial}` }).click();
    await expect(page.getByText(`Successfully Assigned Sensor ${box.deveui} To User.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The press sent after the handover (and before the assignment was made) is the patient's now.
    const presses = await pressesOf(page, patient, profile.id);
    expect(presses.map((p) => Date.parse(p.sensordatetime_utc))).toEqual([pressedAt]);
    // And the box is no longer offered.
    const other = `Otto O${randomBytes(3).toString('hex')}`;
    await newPatient(page, other);
    const again = await openAssign(page, other);
    await again.getByLabel(text('en', 'assign.boxes.search')).fill(box.serial);
    await expect(again.getByText(`No free box matches “${box.serial}”.`)).toBeVisible();
  });

  test('a refusal shows the server’s reason under the spec’s toast', async ({ page }) => {
    const name = `Rita R${randomBytes(3).toString('hex')}`;
    await newPatient(page, name);
    const rival = await newPatient(page, `Rolf R${randomBytes(3).toString('hex')}`);
    const rivalProfile = await profileOf(page, rival);
    const box = newFreeBox();
    const dialog = await openAssign(page, name);
    await dialog.getByLabel(text('en', 'assign.boxes.search')).fill(box.serial);
    await dialog.getByRole('button', { name: new RegExp(box.serial) }).click();
    // Meanwhile another administrator gives the box to someone else.
    withDb((db) => {
      db.prepare('UPDATE profiles SET sensor_id = ?, is_linked = 1 WHERE id = ?').run(
        box.id,
        rivalProfile.id,
      );
      db.prepare(
        'INSERT INTO sensor_assignments (sensor_id, profile_id, assigned_from, assigned_to) VALUES (?, ?, ?, NULL)',
      ).run(box.id, rivalProfile.id, Date.now() - 60_000);
    });
    await dialog.getByRole('button', { name: `Assign ${box.serial}` }).click();
    const toast = page
      .locator('.Toastify__toast')
      .filter({ hasText: `Sensor ${box.deveui} cannot be assigned to user.` });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(text('en', 'assign.reason.box_held'));
    await expect(dialog.getByRole('alert')).toHaveText(text('en', 'assign.reason.box_held'));
    await page.screenshot({ path: path.join(ARTIFACTS, 'assign-refused-1280.png') });
  });

  test('Devices › assign offers active patients only, and a handover in the future is refused on its field', async ({
    page,
  }) => {
    const family = `V${randomBytes(3).toString('hex')}`;
    const active = `Vera ${family}`;
    const activePatient = await newPatient(page, active);
    const gone = await newPatient(page, `Viktor ${family}`);
    const goneProfile = await profileOf(page, gone);
    withDb((db) => db.prepare('UPDATE profiles SET is_active = 0 WHERE id = ?').run(goneProfile.id));
    const box = newFreeBox();
    await page.goto(`/devices?q=${box.deveui}&size=100`);
    await page.getByRole('button', { name: `Assign ${box.deveui} to a patient` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${box.deveui} to a patient` });
    await dialog.getByLabel(text('en', 'devices.assign.search')).fill(family);
    const results = dialog.getByRole('list', { name: text('en', 'devices.assign.results') });
    await expect(results.getByRole('button')).toHaveCount(1);
    await expect(results).toContainText(active);
    await results.getByRole('button', { name: new RegExp(active) }).click();
    await expectAccessible(page);
    const profile = await profileOf(page, activePatient);
    const tomorrow = toLocalIso(Date.now() + 24 * HOUR, profile.timezone).slice(0, 16);
    await dialog.getByLabel(text('en', 'assign.since.label')).fill(tomorrow);
    await dialog.getByRole('button', { name: `Assign to ${active}` }).click();
    const toast = page
      .locator('.Toastify__toast')
      .filter({ hasText: `Sensor ${box.deveui} cannot be assigned to user.` });
    await expect(toast).toContainText(text('en', 'assign.reason.since_future'));
    await expect(dialog.getByText(text('en', 'assign.reason.since_future'))).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('Users offers no box for an administrator, a patient’s row does', async ({ page }) => {
    const name = `Paul P${randomBytes(3).toString('hex')}`;
    await newPatient(page, name);
    await page.goto('/patient-list?role=admins&q=Alex');
    await expect(page.getByText('Alex Admin').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assign a sensor to Alex Admin' })).toHaveCount(0);
    await page.goto(`/patient-list?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('button', { name: `Assign a sensor to ${name}` })).toBeVisible();
  });

  test('the Users › assign dialog fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const name = `Pia P${randomBytes(3).toString('hex')}`;
    await newPatient(page, name);
    const box = newFreeBox();
    const dialog = await openAssign(page, name);
    await dialog.getByLabel(text('en', 'assign.boxes.search')).fill(box.serial);
    await expect(dialog.getByRole('button', { name: new RegExp(box.serial) })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'assign-users-dialog-360.png'), fullPage: true });
  });
});
