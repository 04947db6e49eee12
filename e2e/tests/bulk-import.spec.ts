import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { accounts, expectAccessible, statePath, text } from './support';

/*
 * Issue 24 item 13 in the browser: the administrator registers the boxes of a delivery note from a
 * CSV file with good and bad lines: the preview names each refused line and why, 'Register 2 boxes'
 * registers the good ones, and they are in the device list.
 */

test.use({ storageState: statePath(accounts.admin.state) });

const eui = () => randomBytes(8).toString('hex').toUpperCase();

test('registers the good lines of a delivery note, lists the refused ones with their reasons', async ({
  page,
}) => {
  test.slow();
  const [first, second] = [eui(), eui()];
  const csv = [
    '\uFEFFDevEUI;Serial;Model',
    `${first};E2E-${first.slice(-6)};dosedot-box`,
    `12345;E2E-bad;dosedot-box`,
    `${second.toLowerCase()};E2E-${second.slice(-6)};Milesight-WS`,
    `${first};E2E-again;dosedot-box`,
    `${eui()};E2E-toaster;toaster`,
  ].join('\r\n');

  await page.goto('/devices');
  await page.getByRole('button', { name: text('en', 'devices.bulkImport.open') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'devices.bulkImport.title') });
  await dialog
    .getByLabel(text('en', 'devices.bulkImport.fileLabel'))
    .setInputFiles({ name: 'delivery-note.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The preview: two to register, three refused, each with its line and reason in words.
  await expect(dialog.getByRole('status')).toContainText('2 boxes can be registered.');
  await expect(dialog.getByRole('status')).toContainText('3 lines are refused');
  const refused = dialog.getByRole('table', { name: text('en', 'devices.bulkImport.refusedLabel') });
  const line = (n: number) =>
    refused.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  await expect(line(3)).toContainText(text('en', 'devices.bulkImport.reasons.deveui_invalid'));
  await expect(line(5)).toContainText(text('en', 'devices.bulkImport.reasons.deveui_duplicate'));
  await expect(line(5)).toContainText('(first on line 2)');
  await expect(line(6)).toContainText(text('en', 'devices.bulkImport.reasons.model_unknown'));
  const toAdd = dialog.getByRole('table', { name: text('en', 'devices.bulkImport.toAddLabel') });
  await expect(toAdd).toContainText(first);
  await expect(toAdd).toContainText(second);
  await expect(toAdd).toContainText('milesight-ws');
  await expectAccessible(page);

  // Nothing is written before 'Register 2 boxes'.
  const before = await page.request.get(`/api/sensory-summaries?filters[deveui][$eq]=${first}`, {
    headers: {
      authorization: `Bearer ${await page.evaluate(
        () => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token as string,
      )}`,
    },
  });
  expect((await before.json()).data).toEqual([]);

  await dialog.getByRole('button', { name: 'Register 2 boxes' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 boxes have been registered.');
  await expect(page.getByText('2 boxes registered.')).toBeVisible();
  await dialog.getByRole('button', { name: text('en', 'devices.bulkImport.close') }).click();
  await expect(dialog).toBeHidden();

  // The new boxes are in the list, free.
  for (const deveui of [first, second]) {
    await page.goto(`/devices?q=${deveui}`);
    const table = page.getByRole('table', { name: text('en', 'devices.list.label') });
    await expect(table.getByRole('row').filter({ hasText: deveui })).toContainText(
      text('en', 'devices.unassigned'),
    );
  }
});

test('refuses a file without the three columns in words', async ({ page }) => {
  await page.goto('/devices');
  await page.getByRole('button', { name: text('en', 'devices.bulkImport.open') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'devices.bulkImport.title') });
  await dialog
    .getByLabel(text('en', 'devices.bulkImport.fileLabel'))
    .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Colour\nBox,red\n') });
  await expect(dialog.getByRole('alert')).toHaveText(text('en', 'devices.bulkImport.fileErrors.csv_header'));
  await expect(dialog.getByRole('button', { name: /^Register/ })).toBeDisabled();
});
