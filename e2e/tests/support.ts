import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from './fixtures';

type Catalog = { [key: string]: string | Catalog };
/** A language's catalog from its parts (packages/web/src/i18n/<lang>/<part>.json), merged as the app does. */
function catalog(lang: string): Catalog {
  const dir = path.resolve(import.meta.dirname, `../../packages/web/src/i18n/${lang}`);
  const merge = (into: Catalog, part: Catalog): Catalog => {
    for (const [key, value] of Object.entries(part)) {
      const present = into[key];
      if (typeof value === 'object' && typeof present === 'object') merge(present, value);
      else into[key] = value;
    }
    return into;
  };
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reduce<Catalog>((all, name) => merge(all, JSON.parse(readFileSync(path.join(dir, name), 'utf8'))), {});
}
const catalogs = { en: catalog('en'), de: catalog('de'), fr: catalog('fr') };

/** A text of the app's catalog, so tests follow the translations: text('de', 'nav.dashboard'). */
export function text(lang: keyof typeof catalogs, key: string): string {
  let node: string | Catalog | undefined = catalogs[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${lang}:${key}`);
  return node;
}

/** The demo accounts that `npm start` seeds (packages/server/src/seed/demo.ts). */
export const accounts = {
  admin: { email: 'admin@dosedot.local', password: 'DoseDot-admin-2026', state: '.auth/admin.json' },
  anna: { email: 'anna.muster@dosedot.local', password: 'DoseDot-demo-2026', state: '.auth/anna.json' },
  heidi: { email: 'heidi.keller@dosedot.local', password: 'DoseDot-demo-2026', state: '.auth/heidi.json' },
} as const;

export const DATA_DIR = path.resolve(
  process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '..', '.data'),
);
/** Saved sign-ins live beside the run's data (E2E_DATA_DIR), so two suites never share them. */
export const statePath = (file: string) =>
  process.env.E2E_DATA_DIR
    ? path.resolve(DATA_DIR, '..', `${path.basename(DATA_DIR)}-${file.replace(/[/\\]/g, '-')}`)
    : path.resolve(import.meta.dirname, '..', file);
export const ARTIFACTS = path.resolve(import.meta.dirname, '..', 'artifacts');

export const newEmail = (prefix = 'e2e') => `${prefix}.${randomBytes(5).toString('hex')}@example.test`;

/** Signs in through the sign-in page (English labels). */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills in and sends the sign-up form (English labels). */
export async function submitSignUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth/signup');
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Registers through the sign-up page (English labels), which answers "check your email" (the same
 * for a taken address), then signs in through the sign-in page as the new account does.
 */
export async function signUp(page: Page, name: string, email: string, password: string) {
  await submitSignUp(page, name, email, password);
  await expect(page.getByRole('status')).toHaveText(
    text('en', 'auth.signup.sent').replace('{{email}}', email),
  );
  await page.getByRole('link', { name: text('en', 'auth.signin.submit') }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await signIn(page, email, password);
}

/** The app's keys in localStorage and everything in sessionStorage. */
export async function storedAppData(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith('dosedot.')),
    session: Object.keys(sessionStorage),
    settings: localStorage.getItem('dosedot.settings'),
  }));
}

/**
 * Clicks the targets one after the other in one task of the page, as quick taps land before the
 * page has followed the first: each must still count.
 */
export async function tapTogether(...targets: Locator[]) {
  const [first] = targets;
  if (!first) return;
  const handles = await Promise.all(targets.map((t) => t.elementHandle()));
  await first.page().evaluate((elements) => {
    for (const el of elements) (el as HTMLElement).click();
  }, handles);
}

/**
 * axe-core: no serious or critical violation on the page, checked at rest. A toast coming in or going out fades
 * (react-toastify's bounce), and its text, half transparent for a moment, failed the contrast rule
 * when axe met it then: the check waits until no toast is moving and holds a shown one still under
 * the pointer (its timer pauses on hover) while axe reads the page, so a toast is checked at rest.
 */
export async function expectAccessible(page: Page) {
  // A control that changes state passes through its colours over a CSS transition (MUI's 250 ms):
  // in the CI of f40a8f8 axe met the 'Assign to …' button halfway from disabled to enabled (1.73:1).
  // Running transitions are let finish first (at most 2 s; animations such as a spinner's are not
  // transitions and are not waited for).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition && a.playState === 'running')
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const moving = page.locator('.Toastify__toast[data-in="false"], .Toastify__toast[class*="-enter--"]');
  await expect(moving).toHaveCount(0);
  const shown = page.locator('.Toastify__toast');
  let held = false;
  if ((await shown.count()) > 0) {
    // It may have left in the meantime: then there is nothing to hold.
    held = await shown
      .first()
      .hover({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
  }
  const results = await new AxeBuilder({ page }).analyze();
  if (held) await page.mouse.move(0, 0);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The newest e-mail in the server's outbox (no SMTP_URL in e2e) sent to the address. */
export function lastMailTo(address: string): string | undefined {
  const dir = path.join(DATA_DIR, 'outbox');
  let files: string[] = [];
  try {
    // A mail being written is `<name>.tmp` until it is renamed whole (lib/mailer.ts): not read,
    // or it may be gone between listing and reading (a CI run failed so).
    files = readdirSync(dir)
      .filter((f) => !f.endsWith('.tmp'))
      .sort();
  } catch {
    return undefined;
  }
  const mails = files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${address}`));
  return mails.at(-1);
}

/** Sets the theme in the browser before the app starts. */
export async function presetTheme(page: Page, mode: 'light' | 'dark') {
  await page.addInitScript((m) => {
    const settings = JSON.parse(localStorage.getItem('dosedot.settings') ?? 'null') ?? {
      state: {},
      version: 0,
    };
    settings.state = { primary: '#0096c7', ...settings.state, mode: m };
    localStorage.setItem('dosedot.settings', JSON.stringify(settings));
  }, mode);
}

/**
 * Waits until the self-hosted webfont has loaded: on a first visit the app adds it only once the first
 * screen has painted (src/lib/webfont.ts), so `document.fonts.ready` alone may come before it.
 */
export async function webfontLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.fonts].some(
      (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
    ),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** Whether the self-hosted webfont has loaded and is in use on the page (not a fallback). */
export async function webfontInUse(page: Page): Promise<boolean> {
  await webfontLoaded(page);
  return page.evaluate(() => getComputedStyle(document.body).fontFamily.startsWith('"Inter Variable"'));
}

/** WCAG contrast of two computed CSS colours ('rgb(…)' or 'rgba(…)' with full opacity). */
export function contrastOf(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The groups of texts the page fetches (packages/web/src/i18n/parts.ts; the build's `<lang>-<group>`
 * chunks), and the keys asked for before their group was in (i18n/index.ts warns).
 */
export function textsFetched(page: Page) {
  const groups: string[] = [];
  const early: string[] = [];
  page.on('request', (request) => {
    const m = /\/assets\/((?:en|de|fr)-(?:shell|core|rest))-[\w-]{8}\.js$/.exec(
      new URL(request.url()).pathname,
    );
    if (m?.[1]) groups.push(m[1]);
  });
  page.on('console', (message) => {
    if (message.text().startsWith('dosedot: text')) early.push(message.text());
  });
  return { groups, early };
}
