import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

/*
 * Photographs the page patterns for docs/ui.md: the development page
 * packages/web/src/app/dev/ui-patterns.html in light mode, one PNG per pattern in docs/ui/.
 * Run on purpose after a pattern changes: npm run docs:ui -w @dosedot/e2e
 */

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'ui');
const PATTERNS = [
  'page-header',
  'toolbar',
  'content-card',
  'table',
  'chart',
  'empty-state',
  'loading-skeleton',
];

const server = await createServer({
  root: path.join(root, 'packages', 'web'),
  configFile: path.join(root, 'packages', 'web', 'vite.config.ts'),
  server: { port: 5199, strictPort: true },
  logLevel: 'warn',
});
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 960, height: 900 }, deviceScaleFactor: 1 });
  await page.goto('http://localhost:5199/src/app/dev/ui-patterns.html');
  await page.locator('#loading-skeleton').waitFor();
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(out, { recursive: true });
  for (const id of PATTERNS) {
    await page.locator(`#${id}`).screenshot({ path: path.join(out, `${id}.png`), animations: 'disabled' });
    console.log(`docs/ui/${id}.png`);
  }
} finally {
  await browser.close();
  await server.close();
}
