import { expect, test } from './fixtures';
import { accounts, lastMailTo, newEmail, signIn, signUp, statePath, submitSignUp, text } from './support';

test.describe('authentication screens', () => {
  test('sign up lands on the dashboard with the new name in the user menu', async ({ page }) => {
    await signUp(page, 'Erika Mustermann', newEmail('signup'), 'a-good-password');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Open the account menu' }).click();
    await expect(page.getByText('Erika Mustermann')).toBeVisible();
  });

  test('sign up names the wrong fields and writes nothing', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByLabel(/^Email/).fill('not-an-address');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must have at least 10 characters')).toBeVisible();
    await expect(page.getByText('Please accept the terms of use and the privacy notice')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });

  test('an address that already has an account gets the answer a new one gets; its owner gets a mail', async ({
    page,
  }) => {
    const fresh = newEmail('fresh');
    await submitSignUp(page, 'Nina Neu', fresh, 'a-good-password');
    const forNew = page.getByRole('status');
    await expect(forNew).toHaveText(text('en', 'auth.signup.sent').replace('{{email}}', fresh));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'auth.signup.checkInbox'));

    await submitSignUp(page, 'Anna Again', accounts.anna.email, 'a-good-password');
    await expect(page.getByRole('status')).toHaveText(
      text('en', 'auth.signup.sent').replace('{{email}}', accounts.anna.email),
    );
    await expect(page.getByText('An account with this email already exists')).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    // The owner hears of it by mail; the form never tells.
    await expect
      .poll(() => lastMailTo(accounts.anna.email) ?? '')
      .toContain('Someone just tried to create a DoseDot account with this e-mail address');
  });

  test('sign-in names the missing or wrong field, focuses it and sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/local')) sent.push(r.url());
    });
    await page.goto('/auth/signin');
    const email = page.getByLabel(/^Email/);
    const password = page.getByLabel(/^Password/);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required')).toHaveCount(2);
    await expect(email).toBeFocused();
    // Checked again as it is typed in: a wrong address is named, the password is still missing.
    await email.fill('anna.muster');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(email).toBeFocused();
    await email.fill(accounts.anna.email);
    await expect(page.getByText('Invalid email address')).toBeHidden();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(password).toBeFocused();
    await expect(page.getByText('This field is required')).toHaveCount(1);
    expect(sent).toEqual([]);
    // Both right: it signs in.
    await password.fill(accounts.anna.password);
    await expect(page.getByText('This field is required')).toBeHidden();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(sent).toHaveLength(1);
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/auth/signin');
    await signIn(page, accounts.anna.email, 'wrong-password-123');
    await expect(page.getByRole('alert')).toHaveText('The email / password combination is invalid');
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('a private page sends a signed-out visitor to sign-in and back after login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fprofile$/);
    await signIn(page, accounts.anna.email, accounts.anna.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(accounts.anna.email).first()).toBeVisible();
  });

  test('forgot and reset password work with the e-mailed single-use link', async ({ page }) => {
    const email = newEmail('reset');
    await signUp(page, 'Rita Reset', email, 'the-old-password');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.removeItem('dosedot.session'));

    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form stays until the page has loaded: wait for the new page before typing.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(email);

    // The sign-up's confirmation mail came first: wait for the reset mail itself.
    let mail: string | undefined;
    await expect
      .poll(() => {
        mail = lastMailTo(email);
        return /\/auth\/reset-password\?code=/.test(mail ?? '');
      })
      .toBe(true);
    const link = /(http:\/\/\S+\/auth\/reset-password\?code=\S+)/.exec(mail ?? '')?.[1];
    expect(link).toBeTruthy();

    await page.goto(link ?? '');
    await page.getByLabel(/^New password/).fill('the-new-password');
    await page.getByLabel(/^Repeat the new password/).fill('the-new-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page).toHaveURL(/\/auth\/success\?reason=reset$/);
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    // The link works once only.
    await page.goto(link ?? '');
    await page.getByLabel(/^New password/).fill('another-password');
    await page.getByLabel(/^Repeat the new password/).fill('another-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is invalid');
  });

  test.describe('signed in', () => {
    test.use({ storageState: statePath(accounts.anna.state) });
    test('sign-in redirects to the dashboard', async ({ page }) => {
      await page.goto('/auth/signin');
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
});
