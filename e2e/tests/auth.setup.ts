import { expect, test as setup } from './fixtures';
import { accounts, signIn, statePath } from './support';

// Logs each demo account in once through the sign-in page and keeps its browser state.
for (const [name, account] of Object.entries(accounts)) {
  setup(`sign in as ${name}`, async ({ page }) => {
    await page.goto('/auth/signin');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().storageState({ path: statePath(account.state) });
  });
}
