import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from './fixtures';
import { DATA_DIR, lastMailTo, newEmail, signUp, text } from './support';

const GOOD_PASSWORD = 'quiet lantern harbour 42';
/** On zxcvbn-ts's common-password list: the server refuses it. */
const COMMON_PASSWORD = 'password123';

/** How many e-mails the server's outbox holds for the address. */
function mailsTo(address: string): number {
  try {
    return readdirSync(path.join(DATA_DIR, 'outbox')).filter((f) =>
      readFileSync(path.join(DATA_DIR, 'outbox', f), 'utf8').includes(`To: ${address}`),
    ).length;
  } catch {
    return 0;
  }
}

const confirmationLink = (mail: string | undefined) =>
  /(http:\/\/\S+\/auth\/email-confirmation\?confirmation=\S+)/.exec(mail ?? '')?.[1];

/** The German sign-up form filled in. */
async function fillGermanSignUp(page: Page, email: string, password: string) {
  await page.goto('/de/auth/signup');
  await page.getByLabel(new RegExp(`^${text('de', 'auth.signup.fullName')}`)).fill('Greta Gärtner');
  await page.getByLabel(new RegExp(`^${text('de', 'auth.email')}`)).fill(email);
  await page.getByLabel(new RegExp(`^${text('de', 'auth.password')}\\s*\\*?$`)).fill(password);
}

test('sign up, confirm with the e-mailed link, and the banner is gone', async ({ page }) => {
  const email = newEmail('confirm');
  await signUp(page, 'Clara Confirm', email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in unconfirmed (the sign-up page answered "check your email", then sign-in): the banner asks.
  const banner = page.getByRole('region', { name: text('en', 'auth.confirmBanner.title') });
  await expect(banner).toContainText(email);
  await expect.poll(() => mailsTo(email)).toBe(1);

  // Send again: a second link arrives.
  await banner.getByRole('button', { name: text('en', 'auth.confirmBanner.sendAgain') }).click();
  await expect(banner).toContainText(text('en', 'auth.confirmBanner.sent').replace('{{email}}', email));
  await expect.poll(() => mailsTo(email)).toBe(2);

  const link = confirmationLink(lastMailTo(email));
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'auth.confirm.successHeading') }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('link', { name: text('en', 'auth.success.continue') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: text('en', 'auth.confirmBanner.checkInbox') })).toBeHidden();
  await expect(page.getByRole('region', { name: text('en', 'auth.confirmBanner.title') })).toBeHidden();

  // The link works once: opened again, the page says so and offers a new one.
  await page.goto(link ?? '');
  await expect(page.getByText(text('en', 'auth.confirm.used'))).toBeVisible();
});

test('an unknown link says so in German and offers a new one', async ({ page }) => {
  await page.goto('/de/auth/email-confirmation?confirmation=not-a-real-link');
  await expect(
    page.getByRole('heading', { level: 1, name: text('de', 'auth.confirm.invalidHeading') }),
  ).toBeVisible();
  await expect(page.getByText(text('de', 'auth.confirm.invalid'))).toBeVisible();
  const email = newEmail('nobody');
  await page.getByLabel(new RegExp(`^${text('de', 'auth.email')}`)).fill(email);
  await page.getByRole('button', { name: text('de', 'auth.confirm.resend') }).click();
  // The same answer whether or not the address has an account.
  await expect(page.getByRole('status')).toHaveText(
    text('de', 'auth.confirm.sent').replace('{{email}}', email),
  );
});

test('the strength meter reacts to what is typed', async ({ page }) => {
  await page.goto('/auth/signup');
  await page.getByLabel(/^Full name/).fill('Mia Meter');
  await page.getByLabel(/^Email/).fill(newEmail('meter'));
  const password = page.getByLabel(/^Password/);
  const meter = page.getByTestId('password-strength');
  await password.fill(COMMON_PASSWORD);
  await expect(meter).toContainText(text('en', 'auth.strength.common'));
  await password.fill('mia meter 2026 x');
  await expect(meter).toContainText(text('en', 'auth.strength.personal'));
  await password.fill(GOOD_PASSWORD);
  await expect(meter).toContainText(text('en', 'auth.strength.strong'));
  await password.fill('');
  await expect(meter).toHaveText('');
});

test('a common password is refused at its field in German and nothing is created', async ({ page }) => {
  const email = newEmail('common');
  await fillGermanSignUp(page, email, COMMON_PASSWORD);
  await page.getByRole('checkbox').check();
  // The form leaves the judgement to the server, the authority: its refusal comes back by code.
  await page.getByRole('button', { name: text('de', 'auth.signup.submit') }).click();
  await expect(page.getByText(text('de', 'validation.passwordCommon'))).toBeVisible();
  await expect(page).toHaveURL(/\/de\/auth\/signup$/);
  expect(mailsTo(email)).toBe(0);
});
