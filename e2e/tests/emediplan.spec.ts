import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeEmediplan, type ImportedPlan } from '@dosedot/domain/emediplan';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expect, test } from './fixtures';
import { englishTime, newPatient, signInAs, skipTour } from './medicines-support';

/** The CHMED16A example of the eMediplan specification (six medicaments named by Pharmacode). */
const fixture = JSON.parse(
  readFileSync(
    new URL(
      '../../packages/domain/src/emediplan/fixtures/chmed16a/spec-example-compressed.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as { code: string };

const decoded = (code: string): ImportedPlan => {
  const result = decodeEmediplan(code);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.plan;
};
/** What a plan says of its medicines: how each is identified and its schedule. */
const medicinesOf = (plan: ImportedPlan) =>
  plan.medicines
    .map((m) => ({ identifier: m.identifier, posology: m.posology }))
    .sort((a, b) => (a.identifier?.value ?? '').localeCompare(b.identifier?.value ?? ''));

// The same QR library as the web app, its binary read from the package (no network in the test).
prepareZXingModule({
  overrides: {
    wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
      .buffer as ArrayBuffer,
  },
});

test('a patient pastes an eMediplan code, unticks a line, imports, and the exported QR code reads back as the plan', async ({
  page,
}) => {
  const patient = await newPatient(page, 'Ida Import');
  await skipTour(page);
  await signInAs(page, patient);
  await page.goto('/my-medicine');
  await expect(page.getByText('There is no medicine on this list yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Import eMediplan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import an eMediplan' });
  // A damaged code is refused in words, and nothing is shown to import.
  await dialog.getByLabel('Code or plan file').fill(fixture.code.slice(0, -40));
  await dialog.getByRole('button', { name: 'Read the plan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The code is incomplete: part of it is missing.');

  await dialog.getByLabel('Code or plan file').fill(fixture.code);
  await dialog.getByRole('button', { name: 'Read the plan' }).click();
  const lines = dialog.getByRole('list', { name: 'Medicines on the plan' });
  const plan = decoded(fixture.code);
  await expect(lines.getByRole('listitem')).toHaveCount(plan.medicines.length);
  // The second line: one at noon, in words.
  await expect(lines.getByRole('listitem').nth(1)).toContainText('Every day: 1 STK at noon');

  // The plan is Maxima Matter's: it asks first.
  await expect(dialog.getByText(/This plan is for someone else: Maxima Matter/)).toBeVisible();
  const submit = dialog.getByRole('button', { name: /^Import \d+ medicines?$/ });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Import it anyway: it is my plan').check();

  // Untick the first line (the plan gives it no doses); name the second, which the plan gives by Pharmacode only.
  await dialog.getByLabel(`Import Pharmacode ${plan.medicines[0]?.identifier?.value}`).uncheck();
  await lines.getByRole('listitem').nth(1).getByLabel('Name').fill('Aspirin Cardio');
  await expect(submit).toHaveText(`Import ${plan.medicines.length - 1} medicines`);
  await submit.click();
  await expect(page.getByText(`${plan.medicines.length - 1} medicines imported`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The medicines with their schedules: Aspirin Cardio at noon (eMediplan's 12:00) in today's plan.
  await expect(page.getByRole('button', { name: /^Aspirin Cardio Since/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Daily plan' }).click();
  const daily = page.getByRole('list', { name: /^Doses on / });
  // Each dose with its amount and the plan's unit.
  await expect(daily.getByRole('listitem').filter({ hasText: englishTime('12:00') })).toContainText(
    'Aspirin Cardio: 1\u00a0STK',
  );
  await expect(daily.getByRole('listitem').filter({ hasText: englishTime('08:00') })).toContainText(
    `Pharmacode ${plan.medicines[2]?.identifier?.value}`,
  );

  // All schedules lists the imported medicines too, each with its schedule in words.
  await page.getByRole('tab', { name: 'All schedules' }).click();
  const table = page.getByRole('table', { name: 'All schedules' });
  await expect(table.getByRole('row').filter({ hasText: 'Aspirin Cardio' })).toContainText(
    'Every day: 1\u00a0STK at noon',
  );
  await expect(table.getByRole('row')).toHaveCount(plan.medicines.length);

  // Export: the QR code on screen decodes to the plan that was imported.
  await page.getByRole('button', { name: 'Export eMediplan' }).click();
  const exported = page.getByRole('dialog', { name: 'Your medication plan as eMediplan' });
  const qr = exported.getByRole('img', { name: 'QR code of the medication plan' });
  await expect(qr).toBeVisible();
  const [read] = await readBarcodes(new Uint8Array(await qr.screenshot()), { formats: ['QRCode'] });
  expect(read?.text).toMatch(/^CHMED16A1/);
  const back = decoded(read?.text ?? '');
  expect(back.patient).toMatchObject({ firstName: 'Ida', lastName: 'Import' });
  expect(medicinesOf(back)).toEqual(medicinesOf({ ...plan, medicines: plan.medicines.slice(1) }));
  await expect(exported.getByRole('button', { name: 'Download the plan file (CHMED23A)' })).toBeVisible();

  // The dashboard's list of today's doses names them with their amounts too (and is not the empty
  // dashboard: these medicines have a posology, no dosage times).
  await page.goto('/dashboard');
  const today = page.getByRole('list', { name: "Today's doses" });
  await expect(today.getByRole('listitem').filter({ hasText: englishTime('12:00') })).toContainText(
    'Aspirin Cardio: 1\u00a0STK',
  );
});
