import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from './fixtures';
import { newPatient, PASSWORD, type Patient, signInAs, skipTour, withDb } from './medicines-support';
import { accounts, expectAccessible, signIn, statePath, text } from './support';

/*
 * Issue 24 items 5 and 6 in the browser: the admin's sign-in audit (refusals in words, the filters
 * by person and method in the address, the client address), and times in the zone of the person
 * they are about: the reader's browser is in Berlin, the patients in New York, so their times carry
 * New York's abbreviation (EST in November, EDT in summer).
 */

const PATIENT_ZONE = 'America/New_York';
test.use({ timezoneId: 'Europe/Berlin' });

/** New York's abbreviation now, as the page writes it in English. */
const newYorkAbbreviation = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: PATIENT_ZONE, timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value ?? 'EST';

function userIdOf(email: string): number {
  return withDb((db) => (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id);
}

/** A patient with an accented name no other test uses, living in New York. */
async function newYorker(page: Page, given: string) {
  const tag = randomBytes(3).toString('hex');
  const name = `${given} Müller-${tag}`;
  const patient = await newPatient(page, name);
  const id = userIdOf(patient.email);
  withDb((db) => db.prepare('UPDATE profiles SET timezone = ? WHERE user_id = ?').run(PATIENT_ZONE, id));
  return { ...patient, id, name, tag };
}

test('the admin reads sign-in refusals in words, filters by person and method, and sees times in the person’s zone', async ({
  page,
  browser,
}) => {
  test.slow();
  const patient = await newYorker(page, 'Zoë');
  // A wrong password, and a provider's refusal as features/oidc writes it.
  const wrong = await page.request.post('/api/auth/local', {
    data: { identifier: patient.email, password: 'not the password' },
  });
  expect(wrong.status()).toBe(400);
  withDb((db) =>
    db
      .prepare(
        `INSERT INTO audit_log (at, actor_user_id, action, target_type, target_id, details, ip)
         VALUES (?, NULL, 'auth.login_failed', 'user', ?, ?, '203.0.113.9')`,
      )
      .run(
        Date.now(),
        String(patient.id),
        JSON.stringify({
          method: 'oidc',
          provider: 'spital',
          reason: 'email_unverified',
          email: patient.email,
        }),
      ),
  );

  const context = await browser.newContext({
    storageState: statePath(accounts.admin.state),
    timezoneId: 'Europe/Berlin',
  });
  const admin = await context.newPage();
  await admin.goto('/patient-list/sign-ins');
  // The name typed without accents finds the accented one.
  await admin.getByLabel(text('en', 'security.signIns.search')).fill(`zoe muller-${patient.tag}`);
  await expect(admin).toHaveURL(new RegExp(`user=zoe\\+muller-${patient.tag}`));
  const table = admin.getByRole('table', { name: text('en', 'security.signIns.label') });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(table).toContainText(patient.name);
  await expect(table).toContainText(text('en', 'security.signIns.reason.password'));
  await expect(table).toContainText(text('en', 'security.signIns.providerReason.email_unverified'));
  await expect(table).not.toContainText('email_unverified');
  // The client address, and the time in New York's zone with its abbreviation.
  await expect(rows.filter({ hasText: 'spital' })).toContainText('203.0.113.9');
  await expect(rows.nth(1).locator('time')).toContainText(newYorkAbbreviation());
  await expectAccessible(admin);

  // By method: the password attempts only, then the provider's only; the address keeps them.
  await admin.getByRole('combobox', { name: text('en', 'security.signIns.methodFilter') }).click();
  await admin
    .getByRole('option', { name: text('en', 'security.signIns.methodOption.password'), exact: true })
    .click();
  await expect(admin).toHaveURL(/method=password/);
  await expect(rows).toHaveCount(3);
  await expect(table).not.toContainText(text('en', 'security.signIns.providerReason.email_unverified'));
  await admin.getByRole('combobox', { name: text('en', 'security.signIns.methodFilter') }).click();
  await admin.getByRole('option', { name: text('en', 'security.signIns.methodOption.oidc') }).click();
  await expect(admin).toHaveURL(/method=oidc/);
  await expect(rows).toHaveCount(2);
  await expect(table).toContainText(text('en', 'security.signIns.providerReason.email_unverified'));
  await admin.reload();
  await expect(rows).toHaveCount(2);
  await expect(admin.getByLabel(text('en', 'security.signIns.search'))).toHaveValue(
    `zoe muller-${patient.tag}`,
  );

  // In German the refusal reads in German.
  await admin.goto(`/de/patient-list/sign-ins?user=muller-${patient.tag}`);
  await expect(admin.getByRole('table', { name: text('de', 'security.signIns.label') })).toContainText(
    text('de', 'security.signIns.providerReason.email_unverified'),
  );

  // On a phone (in German, the language kept from the page before) each sign-in is an entry: what
  // the table's columns held, with nothing out of sight.
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.goto(`/de/patient-list/sign-ins?user=muller-${patient.tag}`);
  const list = admin.getByRole('list', { name: text('de', 'security.signIns.label') });
  const entries = list.getByRole('listitem');
  await expect(entries).toHaveCount(3);
  await expect(admin.getByRole('table')).toHaveCount(0);
  const provider = entries.filter({ hasText: 'spital' });
  await expect(provider).toContainText(patient.name);
  await expect(provider).toContainText(patient.email);
  await expect(provider).toContainText(text('de', 'security.signIns.providerReason.email_unverified'));
  await expect(provider.getByRole('definition')).toContainText(['spital', '203.0.113.9']);
  await expect(provider.getByRole('term')).toHaveText([
    text('de', 'security.signIns.columns.method'),
    text('de', 'security.signIns.columns.address'),
  ]);
  await expect(entries.filter({ hasText: text('de', 'security.signIns.reason.password') })).toHaveCount(1);
  await expect(entries.locator('time')).toHaveCount(3);
  for (const entry of await entries.all()) {
    const box = await entry.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});

/** A new administrator of this test alone: impersonating ends the administrator's other sessions. */
async function newAdmin(page: Page): Promise<Patient> {
  const admin = await newPatient(page, `Ada Admin-${randomBytes(3).toString('hex')}`);
  withDb((db) => {
    const id = userIdOf(admin.email);
    db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(id);
    db.prepare("UPDATE profiles SET profiletype = 'admin' WHERE user_id = ?").run(id);
  });
  return admin;
}

test('the impersonation banner and the patient’s access log show the patient’s time with its zone', async ({
  page,
  browser,
}) => {
  test.slow();
  const patient = await newYorker(page, 'Noé');
  const adminAccount = await newAdmin(page);
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const admin = await context.newPage();
  await skipTour(admin);
  await admin.goto('/auth/signin');
  await signIn(admin, adminAccount.email, PASSWORD);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto(`/patient-list?q=${patient.tag}`);
  await admin.getByRole('button', { name: `Impersonate ${patient.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Impersonate ${patient.name}` });
  await dialog.getByLabel(/^Reason/).fill('Phone call about the time zone');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  const banner = admin.getByRole('region', { name: 'Impersonating User' });
  await expect(banner).toContainText(patient.name);
  // Until when, in New York's time with its abbreviation (the admin's browser is in Berlin).
  await expect(banner).toContainText(new RegExp(`\\d:\\d\\d\\s?(AM|PM) ${newYorkAbbreviation()}`));
  await banner.getByRole('button', { name: 'Stop' }).click();
  await expect(banner).toBeHidden();
  await context.close();

  // The patient, also reading in Berlin, sees when it happened in their own (New York) time.
  await skipTour(page);
  await signInAs(page, patient);
  await page.goto('/profile');
  const access = page.getByRole('region', { name: 'Who opened your data' });
  await expect(access.getByRole('listitem').first()).toContainText(newYorkAbbreviation());
});
