import { createHmac } from 'node:crypto';
import { expect, type Page, test } from './fixtures';
import { accounts, lastMailTo, newEmail, signIn, signUp, statePath, text } from './support';

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

// Sign-up, enrolment, two sign-ins and the admin's list: more steps than one test's usual time.
test.describe.configure({ timeout: 120_000 });

/**
 * Confirms the address with the e-mailed link, as its owner would: two-step sign-in is only for a
 * confirmed address (its on/off notices go there).
 */
async function confirmAddress(page: Page, email: string) {
  let token = '';
  await expect
    .poll(() => {
      token = /email-confirmation\?confirmation=([A-Za-z0-9_-]+)/.exec(lastMailTo(email) ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const res = await page.request.get(`/api/auth/email-confirmation?confirmation=${token}`);
  expect(res.status()).toBe(200);
}

async function logout(page: Page) {
  await page.getByRole('button', { name: text('en', 'userMenu.open') }).click();
  await page.getByRole('menuitem', { name: text('en', 'nav.logout') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('en', 'logout.confirm') })
    .click();
  await expect(page).toHaveURL(/\/auth\/signin/);
}

test('a new user turns on two-step sign-in, signs in with password and code; the admin sees the sign-in', async ({
  page,
  browser,
}) => {
  const email = newEmail('totp');
  const password = 'a-good-password-for-2fa';
  await signUp(page, 'Tilda Zweischritt', email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await confirmAddress(page, email);

  // From the profile page to Security.
  await page.goto('/profile');
  await page.getByRole('link', { name: text('en', 'security.link') }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'security.title'));
  const card = page.getByRole('region', { name: text('en', 'security.twoFactor.title') });
  await expect(card.getByText(text('en', 'security.twoFactor.off'), { exact: true })).toBeVisible();

  // Enrol: the password first; then the QR code carries the otpauth:// URI, the secret shown as text too.
  await card.getByRole('button', { name: text('en', 'security.twoFactor.setUp') }).click();
  const asked = page.getByRole('dialog', { name: text('en', 'security.reauth.setupTitle') });
  await asked.getByLabel(text('en', 'security.reauth.password')).fill(password);
  await asked.getByRole('button', { name: text('en', 'security.reauth.confirmSetup') }).click();
  const qr = card.getByRole('img', { name: text('en', 'security.enrol.qrLabel') });
  await expect(qr).toBeVisible();
  const uri = new URL((await qr.getAttribute('data-otpauth')) ?? '');
  expect(uri.protocol).toBe('otpauth:');
  expect(decodeURIComponent(uri.pathname)).toBe(`/DoseDot:${email}`);
  const secret = uri.searchParams.get('secret') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(card.getByTestId('totp-secret')).toHaveText(secret.match(/.{4}/g)?.join(' ') ?? '');

  const codeField = card.getByLabel(text('en', 'security.enrol.code'));
  await codeField.fill('12');
  await card.getByRole('button', { name: text('en', 'security.enrol.confirm') }).click();
  await expect(card.getByText(text('en', 'security.errors.codeFormat'))).toBeVisible();
  await codeField.fill(authenticatorCode(secret, Date.now()));
  await card.getByRole('button', { name: text('en', 'security.enrol.confirm') }).click();

  // The recovery codes, once.
  const dialog = page.getByRole('dialog', { name: text('en', 'security.codes.title') });
  await expect(dialog).toBeVisible();
  const codes = await dialog
    .getByRole('list', { name: text('en', 'security.codes.listLabel') })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await dialog.getByRole('button', { name: text('en', 'security.codes.done') }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(text('en', 'security.twoFactor.on'), { exact: true })).toBeVisible();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();

  // Sign out, then in again: the password, then the code.
  await logout(page);
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: text('en', 'auth.twoFactor.heading') })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin/);
  const code = page.getByLabel(text('en', 'auth.twoFactor.code'));
  const next = authenticatorCode(secret, Date.now() + 30_000);
  await code.fill(next === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.submit') }).click();
  await expect(page.getByText(text('en', 'auth.twoFactor.wrongCode'))).toBeVisible();
  // The next step's code: the one used to confirm is never taken again.
  await code.fill(next);
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The administrator sees the sign-in, with its method, under Users › Sign-ins.
  const admin = await browser.newContext({ storageState: statePath(accounts.admin.state) });
  const adminPage = await admin.newPage();
  await adminPage.goto('/patient-list');
  await adminPage.getByRole('tab', { name: text('en', 'security.signIns.tab') }).click();
  await expect(adminPage).toHaveURL(/\/patient-list\/sign-ins$/);
  const table = adminPage.getByRole('table', { name: text('en', 'security.signIns.label') });
  const row = table.getByRole('row').filter({ hasText: email }).first();
  await expect(row).toContainText(text('en', 'security.signIns.outcome.success'));
  await expect(row).toContainText('Password and code');
  // The wrong code is there too, under Failed.
  await adminPage.getByLabel(text('en', 'security.signIns.filter')).click();
  await adminPage.getByRole('option', { name: text('en', 'security.signIns.outcome.failure') }).click();
  await expect(adminPage).toHaveURL(/outcome=failure/);
  const failed = table.getByRole('row').filter({ hasText: email }).first();
  await expect(failed).toContainText(text('en', 'security.signIns.reason.code'));
  await admin.close();
});

test('a recovery code signs in once', async ({ page, request }) => {
  const email = newEmail('recovery');
  const password = 'another-good-password-2fa';
  await signUp(page, 'Rolf Reserve', email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await confirmAddress(page, email);
  // Enrol through the API (the page is covered above), with the session's token.
  const jwt = await page.evaluate(
    () => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}')?.state?.token,
  );
  const headers = { authorization: `Bearer ${jwt}` };
  const setup = await (await request.post('/api/two-factor/setup', { headers, data: { password } })).json();
  const confirm = await request.post('/api/two-factor/confirm', {
    headers,
    data: { code: authenticatorCode(setup.data.secret, Date.now()) },
  });
  const [recovery] = (await confirm.json()).data.recoveryCodes as string[];

  await logout(page);
  await signIn(page, email, password);
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.useRecovery') }).click();
  await page.getByLabel(text('en', 'auth.twoFactor.recoveryCode')).fill(recovery ?? '');
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await logout(page);
  await signIn(page, email, password);
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.useRecovery') }).click();
  await page.getByLabel(text('en', 'auth.twoFactor.recoveryCode')).fill(recovery ?? '');
  await page.getByRole('button', { name: text('en', 'auth.twoFactor.submit') }).click();
  await expect(page.getByText(text('en', 'auth.twoFactor.wrongRecovery'))).toBeVisible();
});
