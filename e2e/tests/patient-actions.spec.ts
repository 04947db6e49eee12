import { createHmac, randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from './fixtures';
import { makeAdmin, newPatient, PASSWORD, type Patient, signInAs, skipTour } from './medicines-support';
import { lastMailTo, signIn, text } from './support';

/*
 * An administrator's actions on a user (issue 24 item 8), from the row's "more" menu on the Users
 * page: block (the patient's open page lands on sign-in, sign-in is refused), unblock, send a
 * password reset (the mail arrives and its link sets a new password), resend the confirmation, and
 * the role change with the acting administrator's second factor. Every administrator and patient
 * here is fresh: the demo administrator's sessions are other specs' business.
 */
test.describe.configure({ timeout: 150_000 });

/** An authenticator app: RFC 6238 (HMAC-SHA1, 30 s, 6 digits) from the base32 secret, node:crypto only. */
function authenticatorCode(secret: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[19] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text('en', key));

/** A registered user with a family name no other test uses, so a search finds exactly them. */
async function person(page: Page, given: string) {
  const family = `Act${randomBytes(4).toString('hex')}`;
  const name = `${given} ${family}`;
  const patient = await newPatient(page, name);
  return { ...patient, name, family };
}

/**
 * A fresh administrator (no route makes one: the seed or the first confirmed account is one), made
 * so in the e2e server's database before they open a page, with the address confirmed.
 */
async function newAdmin(browser: Browser, given: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipTour(page);
  const admin = await person(page, given);
  makeAdmin(admin.email);
  return { ...admin, page };
}

/** A patient's own browser, signed in on their dashboard. */
async function patientPage(browser: Browser, patient: Patient) {
  const page = await (await browser.newContext()).newPage();
  await skipTour(page);
  await signInAs(page, patient);
  return page;
}

/** On the Users page: searches the person and answers their row. */
async function rowOf(page: Page, who: { name: string; family: string }) {
  // Everyone: patients and administrators (the list shows patients unless told otherwise).
  await page.goto('/patient-list?role=all');
  await page.getByLabel(text('en', 'patients.search.label')).fill(who.family);
  await expect(page).toHaveURL(new RegExp(`q=${who.family}`));
  // Listing everyone, the card (and its table) is titled as the page: 'Users'.
  const table = page.getByRole('table', { name: text('en', 'pages.users.title') });
  await expect(table.getByRole('row')).toHaveCount(2);
  return table.getByRole('row').filter({ hasText: who.name });
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('button', { name: t('patientActions.menuFor', { name }) }).click();
  return page.getByRole('menu');
}

test('an administrator blocks a patient (their page lands on sign-in, sign-in is refused), unblocks them and sends a password reset', async ({
  page,
  browser,
}) => {
  await skipTour(page);
  const patient = await person(page, 'Bea');
  const theirs = await patientPage(browser, patient);
  const admin = await newAdmin(browser, 'Ada');
  await admin.page.goto('/auth/signin');
  await signIn(admin.page, admin.email, PASSWORD);
  await expect(admin.page).toHaveURL(/\/dashboard$/);

  // Block, after the question.
  let row = await rowOf(admin.page, patient);
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.block.item') })
    .click();
  const ask = admin.page.getByRole('dialog', {
    name: t('patientActions.block.title', { name: patient.name }),
  });
  await expect(ask).toContainText(t('patientActions.block.question', { name: patient.name }));
  await ask.getByRole('button', { name: t('patientActions.block.confirm') }).click();
  await expect(admin.page.getByText(t('patientActions.block.done', { name: patient.name }))).toBeVisible();
  await expect(row.getByText(t('patientActions.blockedChip'), { exact: true })).toBeVisible();

  // The patient's open page: the next call ends on the sign-in page, and signing in is refused.
  await theirs
    .getByRole('navigation', { name: text('en', 'nav.mainMenu') })
    .getByRole('link', { name: 'My Medicine' })
    .click();
  await expect(theirs).toHaveURL(/\/auth\/signin/);
  await signIn(theirs, patient.email, PASSWORD);
  await expect(
    theirs.getByRole('alert').filter({ hasText: text('en', 'auth.signin.blocked') }),
  ).toBeVisible();
  await expect(theirs).toHaveURL(/\/auth\/signin/);

  // Unblock: no question, the chip goes, the patient signs in again.
  row = await rowOf(admin.page, patient);
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.unblock.item') })
    .click();
  await expect(admin.page.getByText(t('patientActions.unblock.done', { name: patient.name }))).toBeVisible();
  await expect(row.getByText(t('patientActions.blockedChip'), { exact: true })).toHaveCount(0);
  await signIn(theirs, patient.email, PASSWORD);
  // Back where the block had sent them away from.
  await expect(theirs).toHaveURL(/\/my-medicine$/);

  // A password reset: the mail of forgot-password; its link sets a new password.
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.reset.item') })
    .click();
  await expect(admin.page.getByText(t('patientActions.reset.done', { email: patient.email }))).toBeVisible();
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = lastMailTo(patient.email);
      return /\/auth\/reset-password\?code=/.test(mail ?? '');
    })
    .toBe(true);
  const link = /(http:\/\/\S+\/auth\/reset-password\?code=\S+)/.exec(mail ?? '')?.[1] ?? '';
  expect(mail).toContain(`To: ${patient.email}`);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel(/^New password/).fill('a-new-password-from-the-admin');
  await page.getByLabel(/^Repeat the new password/).fill('a-new-password-from-the-admin');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth\/success\?reason=reset$/);

  // A new confirmation link for the address the patient never confirmed.
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.confirmation.item') })
    .click();
  await expect(
    admin.page.getByText(t('patientActions.confirmation.done', { email: patient.email })),
  ).toBeVisible();
  await expect
    .poll(() => /\/auth\/email-confirmation\?confirmation=/.test(lastMailTo(patient.email) ?? ''))
    .toBe(true);

  // An administrator without two-step sign-in is told to turn it on before a role change.
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.role.makeAdmin') })
    .click();
  const role = admin.page.getByRole('dialog', {
    name: t('patientActions.role.titleAdmin', { name: patient.name }),
  });
  await expect(role).toContainText(text('en', 'patientActions.role.needsTwoFactor'));
  await expect(role.getByRole('button', { name: t('patientActions.role.confirm') })).toBeDisabled();
  await role.getByRole('button', { name: t('patientActions.cancel') }).click();

  // The patient (signed in by the reset link) reads it all in their access log, with who did it.
  await page.goto('/profile');
  const log = page.getByRole('list', { name: text('en', 'profile.access.title') });
  for (const action of ['blocked', 'unblocked', 'password_reset_sent'])
    await expect(log).toContainText(`${admin.name} ${text('en', `profile.access.actions.user.${action}`)}`);
});

test('an administrator makes a patient an administrator with a code from their authenticator app', async ({
  page,
  browser,
}) => {
  await skipTour(page);
  const patient = await person(page, 'Paul');
  const admin = await newAdmin(browser, 'Ida');
  // Two-step sign-in on for the administrator (through the API; its own spec has the pages). Each
  // code below is of a later time step than the one before: the server takes a step once.
  const auth = { authorization: `Bearer ${admin.token}` };
  const setup = await admin.page.request.post('/api/two-factor/setup', {
    headers: auth,
    data: { password: PASSWORD },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const confirm = await admin.page.request.post('/api/two-factor/confirm', {
    headers: auth,
    data: { code: authenticatorCode(secret, Date.now() - 30_000) },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);

  await admin.page.goto('/auth/signin');
  await signIn(admin.page, admin.email, PASSWORD);
  await admin.page.getByLabel(text('en', 'auth.twoFactor.code')).fill(authenticatorCode(secret, Date.now()));
  await admin.page.getByRole('button', { name: text('en', 'auth.twoFactor.submit') }).click();
  await expect(admin.page).toHaveURL(/\/dashboard$/);

  await rowOf(admin.page, patient);
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.role.makeAdmin') })
    .click();
  const dialog = admin.page.getByRole('dialog', {
    name: t('patientActions.role.titleAdmin', { name: patient.name }),
  });
  const code = dialog.getByLabel(text('en', 'patientActions.role.code'));
  const confirmRole = dialog.getByRole('button', { name: t('patientActions.role.confirm') });
  // Too short, then a wrong code: each said at the field, nothing changed.
  await code.fill('12');
  await confirmRole.click();
  await expect(dialog.getByText(text('en', 'patientActions.errors.codeFormat'))).toBeVisible();
  const next = authenticatorCode(secret, Date.now() + 30_000);
  await code.fill(next === '000000' ? '111111' : '000000');
  await confirmRole.click();
  await expect(dialog.getByText(text('en', 'patientActions.errors.wrongCode'))).toBeVisible();
  await code.fill(next);
  await confirmRole.click();
  await expect(
    admin.page.getByText(t('patientActions.role.doneAdmin', { name: patient.name })),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // The row's menu now offers the way back.
  await rowOf(admin.page, patient);
  await (await openMenu(admin.page, patient.name))
    .getByRole('menuitem', { name: t('patientActions.role.makePatient') })
    .waitFor();
  await admin.page.keyboard.press('Escape');

  // The new administrator sees Devices and Users at their next sign-in.
  const theirs = await patientPage(browser, patient);
  await expect(
    theirs.getByRole('navigation', { name: text('en', 'nav.mainMenu') }).getByRole('link'),
  ).toHaveText(['Dashboard', 'My Medicine', 'Devices', 'Users']);
});
