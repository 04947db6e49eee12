import { readFileSync } from 'node:fs';
import { decodeEmediplan, encodeEmediplan } from '@dosedot/domain/emediplan';
import { expect, type Page, test } from './fixtures';
import { newPatient, signInAs, skipTour } from './medicines-support';
import { qrPdf, qrPng } from './qr-pictures';

/*
 * The eMediplan import from files (issue 27 items 4 and 5): a printed plan's PDF page, a plan in
 * several QR codes read photo by photo, and a file of a type it does not read.
 */

const fixture = (file: string) =>
  readFileSync(new URL(`../../packages/domain/src/emediplan/fixtures/${file}`, import.meta.url), 'utf8');
/** The CHMED16A example of the eMediplan specification (chmed16a/README.md; SOURCES.md beside it). */
const SPEC_CHMED16A = (JSON.parse(fixture('chmed16a/spec-example-compressed.json')) as { code: string }).code;

async function openImport(page: Page) {
  const patient = await newPatient(page, 'Paula Pdf');
  await skipTour(page);
  await signInAs(page, patient);
  await page.goto('/my-medicine');
  await page.getByRole('button', { name: 'Import eMediplan' }).click();
  return page.getByRole('dialog', { name: 'Import an eMediplan' });
}

const choose = (dialog: ReturnType<Page['getByRole']>, name: string, mimeType: string, buffer: Buffer) =>
  dialog.getByLabel('Choose a photo, PDF or file').setInputFiles({ name, mimeType, buffer });

test('a printed eMediplan page as a PDF is read: its QR code gives the plan’s lines', async ({ page }) => {
  const dialog = await openImport(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await choose(dialog, 'medication-plan.pdf', 'application/pdf', await qrPdf([SPEC_CHMED16A]));
  const lines = dialog.getByRole('list', { name: 'Medicines on the plan' });
  await expect(lines.getByRole('listitem')).toHaveCount(6);
  await expect(lines.getByRole('listitem').nth(1)).toContainText('Every day: 1\u00a0STK at noon');
  // pdf.js worked in its worker, from our own origin (the content security policy allows no other).
  expect(
    workers.some((url) => new URL(url).origin === new URL(page.url()).origin && /pdf\.worker/.test(url)),
  ).toBe(true);

  // Back, and a file of another type: refused, naming it.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await choose(
    dialog,
    'letter.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    Buffer.from('PK'),
  );
  await expect(dialog.getByRole('alert')).toHaveText(
    'letter.docx is a DOCX file: DoseDot reads photos (JPEG, PNG…), PDF pages and plan files (JSON, text).',
  );
  // A PDF without a QR code says so.
  await choose(dialog, 'empty.pdf', 'application/pdf', await qrPdf([]));
  await expect(dialog.getByRole('alert')).toContainText(
    'No QR code was found on the first pages of this PDF.',
  );
});

test('a plan in several QR codes is collected photo by photo, then previewed', async ({ page }) => {
  // The specification's CHMED23A Example 1, written as one code and cut in two parts.
  const decoded = decodeEmediplan(fixture('chmed23a/example-1.json'));
  if (!decoded.ok) throw new Error(decoded.error.message);
  const data = encodeEmediplan(decoded.plan, 'CHMED23A').code.slice('CHMED23A.'.length);
  const half = Math.ceil(data.length / 2);
  const parts = [`CHMED23A.1/2.${data.slice(0, half)}`, `CHMED23A.2/2.${data.slice(half)}`];

  const dialog = await openImport(page);
  await choose(dialog, 'part-2.png', 'image/png', await qrPng(parts[1] as string));
  await expect(dialog.getByRole('status', { name: 'Codes of the plan read' })).toHaveText(
    '1 of 2 codes read: show the next code of the plan.',
  );
  await expect(dialog.getByRole('list', { name: 'Medicines on the plan' })).toBeHidden();
  await choose(dialog, 'part-1.png', 'image/png', await qrPng(parts[0] as string));
  const lines = dialog.getByRole('list', { name: 'Medicines on the plan' });
  await expect(lines.getByRole('listitem')).toHaveCount(decoded.plan.medicines.length);
  await expect(dialog.getByRole('status', { name: 'Codes of the plan read' })).toBeHidden();

  // The parts' texts pasted at once, one a line, read as one plan too.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByLabel('Code or plan file').fill(`${parts[1]}\n${parts[0]}`);
  await dialog.getByRole('button', { name: 'Read the plan' }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(decoded.plan.medicines.length);
});

test('the camera collects a plan in several QR codes until it has them all', async ({ page }) => {
  const decoded = decodeEmediplan(fixture('chmed23a/example-1.json'));
  if (!decoded.ok) throw new Error(decoded.error.message);
  const data = encodeEmediplan(decoded.plan, 'CHMED23A').code.slice('CHMED23A.'.length);
  const half = Math.ceil(data.length / 2);
  const parts = [`CHMED23A.1/2.${data.slice(0, half)}`, `CHMED23A.2/2.${data.slice(half)}`];
  const pictures = await Promise.all(
    parts.map(async (part) => `data:image/png;base64,${(await qrPng(part)).toString('base64')}`),
  );
  // The camera films a canvas that shows the part the test holds up (showPart), as a phone would see it.
  await page.addInitScript((images: string[]) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    let shown: HTMLImageElement | null = null;
    (window as unknown as { showPart: (i: number) => void }).showPart = (i) => {
      const image = new Image();
      image.onload = () => {
        shown = image;
      };
      image.src = images[i] ?? '';
    };
    setInterval(() => {
      if (!context) return;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      if (shown) context.drawImage(shown, 40, 40, 400, 400);
    }, 100);
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
  }, pictures);
  const showPart = (i: number) =>
    page.evaluate((n) => (window as unknown as { showPart: (i: number) => void }).showPart(n), i);

  const dialog = await openImport(page);
  await showPart(1);
  await dialog.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(dialog.getByRole('status', { name: 'Codes of the plan read' })).toHaveText(
    '1 of 2 codes read: show the next code of the plan.',
  );
  // Still looking: the camera stays on for the next part.
  await expect(dialog.getByLabel('Camera picture')).toBeVisible();
  await showPart(0);
  const lines = dialog.getByRole('list', { name: 'Medicines on the plan' });
  await expect(lines.getByRole('listitem')).toHaveCount(decoded.plan.medicines.length);
});
