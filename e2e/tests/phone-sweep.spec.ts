import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Audience, PAGE_PATHS } from '../../packages/web/src/app/routes/page-paths';
import { type Browser, expect, type Page, type TestInfo, test } from './fixtures';
import {
  addMedicine,
  makeAdmin,
  makeCaregiver,
  newPatient,
  PASSWORD,
  signInAs,
  skipTour,
} from './medicines-support';
import { ARTIFACTS, accounts, signIn, statePath, text, webfontLoaded } from './support';

/*
 * Issue 23 item 11: every page of the patient and of the health-data user on two phones, in
 * English, German and French, light and dark. The pages come from the router's own list
 * (packages/web/src/app/routes/page-paths.ts, checked against the router by page-paths.test.ts),
 * so a new page is swept too. Seven rules:
 *  1. no horizontal scroll: the document is no wider than the width set (with mobile emulation
 *     innerWidth itself grows to fit wide content, so it is compared with the set width);
 *  2. no text wrapped inside a word (a break is allowed after a hyphen, a dash or a slash);
 *  3. every tap target at least 44 × 44 px (a link inside a sentence excepted, as WCAG 2.5.5 does);
 *  4. nothing fixed covers content: at the top of the page no content lies under a fixed or sticky
 *     element, and at the bottom none lies under one fixed to the lower half of the screen (content
 *     that a scrolled box has moved under its own sticky column is that box's to scroll back);
 *  5. no text under a control it is not part of (a list row's text running under the row's edit
 *     and delete buttons), as far as it is on screen (not clipped by a box around it);
 *  6. no field's label, nor a list box's chosen value, cut short with an ellipsis;
 *  7. no text running out of its box sideways, clipped or to be scrolled (a long e-mail address).
 * Each page is loaded once per phone and account; language (the URL's prefix, by the router's own
 * history) and theme (the stored setting, read in as another tab's change would be) then switch in
 * place. Phone screenshots of the main pages go to e2e/artifacts/ beside the desktop ones.
 */

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'de', 'fr'] as const;
const THEMES = ['light', 'dark'] as const;
/** Main pages whose phone screenshots are kept (file name → path). */
const MAIN_PAGES: Record<string, string> = {
  '/auth/signin': 'signin',
  '/dashboard': 'dashboard',
  '/my-medicine': 'my-medicine',
  '/cumulative-chart': 'cumulative-chart',
  '/profile': 'profile',
  '/my-health-data': 'my-health-data',
};

interface Visit {
  account: 'guest' | 'anna' | 'heidi' | 'admin';
  audiences: Audience[];
}
/** Who sees which pages: the patient, the health-data user and, for the sign-in pages, nobody signed in. */
const VISITS: Visit[] = [
  { account: 'guest', audiences: ['guest'] },
  { account: 'anna', audiences: ['signedIn', 'anyone'] },
  { account: 'heidi', audiences: ['healthData'] },
];

/** The demo patient's first medicine: the id for /my-medicine/:id/edit. */
/** The token of a signed-in account's stored state (auth.setup.ts). */
function tokenOf(account: 'anna' | 'heidi'): string {
  const state = JSON.parse(readFileSync(statePath(accounts[account].state), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const session = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'dosedot.session');
  return JSON.parse(session?.value ?? '{}').state?.token;
}

/**
 * Every section of Heidi's health data filled (links, lists, long words), whatever other files of
 * the suite did before: the sweep sees every field a health-data page can show.
 */
async function fillHealthData(baseURL: string): Promise<void> {
  const sections = {
    'basic-information': {
      date_of_birth: '1948-03-14',
      gender: 'female',
      blood_type: 'A+',
      nationality: 'Schweiz',
      ahv_number: '756.9217.0769.85',
      rega_member: true,
    },
    'physical-measurements': { height_cm: 164, weight_kg: 61.5 },
    vision: {
      needs_glasses: true,
      glasses_type: 'progressive',
      right: { sphere: -1.25, cylinder: -0.5, axis: 90 },
      left: { sphere: -1, cylinder: -0.75, axis: 85 },
    },
    'medical-information': {
      allergies: ['Penicillin', 'Hausstaubmilbenallergie'],
      chronic_conditions: ['Bluthochdruck', 'Diabetes mellitus Typ 2'],
      notes: 'Nimmt Blutverdünner; vor Eingriffen Rücksprache mit der Hausärztin.',
    },
    'emergency-contact': {
      contact_name: 'Peter Keller',
      relationship: 'Sohn',
      phone: '079 123 45 67',
      email: 'peter.keller@example.ch',
    },
    'additional-information': { smoking: 'non_smoker', alcohol: 'occasional', organ_donor: true },
  };
  for (const [section, body] of Object.entries(sections)) {
    const res = await fetch(`${baseURL}/api/health-data/${section}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokenOf('heidi')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`health data ${section}: ${res.status} ${await res.text()}`);
  }
}

interface Medicine {
  id: number;
  name: string;
  dosage_times: string[];
}
/** The demo patient's first medicine, or with `scheduled` the first with dosage times. */
async function firstMedicine(baseURL: string, scheduled = false): Promise<Medicine> {
  const token = tokenOf('anna');
  const res = await fetch(`${baseURL}/api/medicines`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: Medicine[] };
  const medicine = data.find((m) => !scheduled || m.dosage_times.length > 0);
  if (!medicine) throw new Error(`the demo patient has no ${scheduled ? 'scheduled ' : ''}medicine`);
  return medicine;
}
const firstMedicineId = async (baseURL: string) => (await firstMedicine(baseURL)).id;

const fill = (pattern: string, medicineId: number) =>
  pattern === '*' ? '/no/such/page' : pattern.replace(':id', String(medicineId));
const prefixed = (url: string, lang: string) => (lang === 'en' ? url : `/${lang}${url === '/' ? '' : url}`);

/**
 * The seven rules, checked in the page; each problem as one line. With `scope` (an open dialog), what
 * is inside the topmost element it names: rule 1 asks that nothing sticks out of it, and rule 4 is
 * left out (the dialog is the layer over the page).
 */
function checkPage({ width, scope }: { width: number; scope?: string }): string[] {
  const problems: string[] = [];
  const root = scope ? [...document.querySelectorAll(scope)].at(-1) : document.body;
  if (!root) return [`no ${scope} open`];
  const describe = (el: Element) => {
    const field = el as HTMLInputElement;
    const label =
      el.getAttribute('aria-label') ??
      (field.labels?.[0]?.innerText || field.placeholder || field.name || field.type || undefined) ??
      (el as HTMLElement).innerText ??
      '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${label.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  const visible = (el: Element) =>
    el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) &&
    !el.closest('[aria-hidden="true"], [inert]');

  // 1. No horizontal scroll.
  if (scope) {
    const edge = Math.min(width, root.getBoundingClientRect().right) + 1;
    const out = [...root.querySelectorAll('*')]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > edge)
      .slice(0, 3)
      .map((el) => `${describe(el)} ends at ${Math.round(el.getBoundingClientRect().right)} px`);
    if (out.length) problems.push(`sticks out of the dialog: ${out.join('; ')}`);
  }
  const docWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (!scope && docWidth > width) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 3)
      .map((el) => `${describe(el)} ends at ${Math.round(el.getBoundingClientRect().right)} px`);
    problems.push(`horizontal scroll: the page is ${docWidth} px wide on ${width} px (${wide.join('; ')})`);
  }

  // 2. No text wrapped inside a word.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const broken: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !text.trim() || parent.closest('svg, script, style') || !visible(parent)) continue;
    const box = parent.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue; // visually hidden text for screen readers
    for (const word of text.matchAll(/[^\s\-‐–—/\u00ad]{2,}/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (tops.size > 1) broken.push(`"${word[0]}" in ${describe(parent)}`);
    }
  }
  problems.push(...broken.slice(0, 10).map((b) => `word wrapped inside: ${b}`));

  // 3. Tap targets of at least 44 × 44 px.
  const small: string[] = [];
  const targets = root.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"], [role="slider"]',
  );
  for (const el of targets) {
    if (!visible(el) || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true')
      continue;
    let rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.right < 0 || rect.left > window.innerWidth) continue;
    // A link inside a sentence is exempt (its line sets its height).
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
      const sentence = el.parentElement?.textContent?.trim() ?? '';
      if (sentence.length > (el.textContent?.trim().length ?? 0)) continue;
    }
    // A field's target is its whole box; a check box's or radio's, the label around it.
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) {
      const around = el.closest('label') ?? el.parentElement;
      if (around) rect = around.getBoundingClientRect();
    }
    if (rect.width < 43.5 || rect.height < 43.5)
      small.push(`${describe(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
  }
  problems.push(...small.slice(0, 10).map((t) => `tap target under 44 px: ${t}`));

  // 4. Nothing fixed covering content (not asked of a dialog: it is the layer over the page).
  const coveredByFixed = (): string[] => {
    const fixed = [...document.querySelectorAll('body *')].filter((el) => {
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      const r = el.getBoundingClientRect();
      return (
        visible(el) && r.width > 0 && r.height > 0 && !el.querySelector('[role="alert"], [role="status"]')
      );
    });
    const outside = (el: Element) => !fixed.some((f) => f.contains(el));
    // A sticky element inside a box that scrolls (the weekly plan's time column) lets that box's
    // content pass under it once the box is scrolled: scrolling it back shows the content again.
    const scrolledUnder = (f: Element, el: Element) => {
      if (getComputedStyle(f).position !== 'sticky') return false;
      for (let box = f.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (/auto|scroll/.test(style.overflowX + style.overflowY))
          return box.contains(el) && (box.scrollLeft > 0 || box.scrollTop > 0);
      }
      return false;
    };
    const content: Element[] = [];
    const textWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = textWalker.nextNode(); node; node = textWalker.nextNode()) {
      const parent = node.parentElement;
      if (parent && node.textContent?.trim() && visible(parent) && outside(parent)) content.push(parent);
    }
    content.push(...[...targets].filter((el) => visible(el) && outside(el)));
    const covered = (lowerHalfOnly: boolean) => {
      const found: string[] = [];
      for (const f of fixed) {
        const fr = f.getBoundingClientRect();
        if (lowerHalfOnly && (getComputedStyle(f).position !== 'fixed' || fr.top < window.innerHeight / 2))
          continue;
        for (const el of content) {
          const r = el.getBoundingClientRect();
          const w = Math.min(r.right, fr.right) - Math.max(r.left, fr.left);
          const h = Math.min(r.bottom, fr.bottom) - Math.max(r.top, fr.top);
          // The ancestors' styles are read only for content that does lie under the element.
          if (w > 2 && h > 2 && !scrolledUnder(f, el)) {
            found.push(`${describe(el)} under ${describe(f)}`);
            break;
          }
        }
      }
      return found;
    };
    window.scrollTo(0, 0);
    const atTop = covered(false);
    window.scrollTo(0, document.documentElement.scrollHeight);
    const atBottom = covered(true);
    window.scrollTo(0, 0);
    return atTop.length || atBottom.length
      ? [`covered by a fixed element: ${[...atTop, ...atBottom].slice(0, 4).join('; ')}`]
      : [];
  };
  if (!scope) problems.push(...coveredByFixed());

  // 5. No text under a control it is not part of (a row's text running under the row's buttons).
  // What a box that clips its content hides is not on screen: each box is cut to its clipping
  // ancestors first. A field's label sits on its field by design, so labels are left out.
  const clipOf = new Map<Element, DOMRect | null>();
  const clip = (el: Element): DOMRect | null => {
    if (clipOf.has(el)) return clipOf.get(el) ?? null;
    const parent = el.parentElement;
    let box = parent && parent !== document.body ? clip(parent) : null;
    if (parent && parent !== document.body && getComputedStyle(parent).overflow !== 'visible') {
      const p = parent.getBoundingClientRect();
      box = box
        ? new DOMRect(
            Math.max(box.left, p.left),
            Math.max(box.top, p.top),
            Math.min(box.right, p.right) - Math.max(box.left, p.left),
            Math.min(box.bottom, p.bottom) - Math.max(box.top, p.top),
          )
        : p;
    }
    clipOf.set(el, box);
    return box;
  };
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const shown = (r: DOMRect, el: Element) => {
    const c = clip(el);
    return r.width > 0 && r.height > 0 && (!c || overlap(r, c));
  };
  const controls = [...targets]
    .filter((el) => visible(el))
    .map((el) => ({ el, rects: [...el.getClientRects()].filter((r) => shown(r, el)) }))
    .filter((c) => c.rects.length > 0);
  const layerOf = (el: Element) =>
    el.closest('[role="dialog"], [role="alertdialog"], [role="tooltip"], [role="menu"], [role="listbox"]');
  const under: string[] = [];
  const wordWalker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = wordWalker.nextNode(); node && under.length < 10; node = wordWalker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !text.trim() || parent.closest('svg, script, style, label, legend') || !visible(parent))
      continue;
    // A card laid over the page (a dialog, the guided tour's step, a menu) covers the page on
    // purpose: its controls count against its own text only.
    const layer = layerOf(parent);
    const mine = controls.filter((c) => !c.el.contains(parent) && layerOf(c.el) === layer);
    for (const word of text.matchAll(/\S+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const near = [...range.getClientRects()]
        .filter((r) => shown(r, parent))
        .flatMap((r) => mine.filter((c) => c.rects.some((cr) => overlap(r, cr))));
      // Drawn over the word, or the word over it? What is topmost in the middle of where they meet
      // says, with the word on screen.
      const hit = near.find(({ el }) => {
        parent.scrollIntoView({ block: 'center' });
        for (const r of range.getClientRects())
          for (const cr of el.getClientRects()) {
            if (!overlap(r, cr)) continue;
            const x = (Math.max(r.left, cr.left) + Math.min(r.right, cr.right)) / 2;
            const y = (Math.max(r.top, cr.top) + Math.min(r.bottom, cr.bottom)) / 2;
            const top = document.elementFromPoint(x, y);
            if (top && el.contains(top)) return true;
          }
        return false;
      });
      if (hit) {
        under.push(`"${word[0]}" of ${describe(parent)} under ${describe(hit.el)}`);
        break;
      }
    }
  }
  window.scrollTo(0, 0);
  problems.push(...under.map((u) => `text under a control: ${u}`));

  // 6. No field's label or chosen value cut short ("Nouvelle heur…" beside a button on a phone).
  const cut = [...root.querySelectorAll('label, legend, div[role="combobox"]')]
    .filter((el) => visible(el) && getComputedStyle(el).textOverflow === 'ellipsis')
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => `"${(el as HTMLElement).innerText.trim()}" ${el.clientWidth} of ${el.scrollWidth} px`);
  // A native select draws its chosen option itself: its text is measured in the select's font.
  const pen = document.createElement('canvas').getContext('2d');
  for (const select of root.querySelectorAll('select')) {
    const option = select.selectedOptions[0];
    if (!pen || !option || !visible(select)) continue;
    const style = getComputedStyle(select);
    pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const needs = pen.measureText(option.text).width;
    if (needs > room + 1) cut.push(`"${option.text}" ${Math.round(room)} of ${Math.round(needs)} px`);
  }
  problems.push(...cut.slice(0, 5).map((c) => `cut short: ${c}`));

  // 7. No text running out of its box sideways: a box that clips or scrolls its own text (a long
  // e-mail address in a banner). The rows that scroll on purpose (tabs, a table in its card) and
  // the ellipses of rule 6 excepted.
  const runOver = [...root.querySelectorAll('*')]
    .filter((el) => {
      if (!visible(el) || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth < 2) return false;
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis') return false;
      if (el.closest('.MuiTabs-scroller, .MuiTableContainer-root, [role="tablist"]')) return false;
      // Its own text, or an inline child's, ends past its inner edge.
      const edge = el.getBoundingClientRect().right - Number.parseFloat(style.borderRightWidth) + 1;
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = texts.nextNode(); t; t = texts.nextNode()) {
        if (!t.textContent?.trim() || !t.parentElement || !visible(t.parentElement)) continue;
        range.selectNodeContents(t);
        if ([...range.getClientRects()].some((r) => r.width > 0 && r.right > edge)) return true;
      }
      return false;
    })
    .map((el) => `${describe(el)} ${el.clientWidth} of ${el.scrollWidth} px`);
  problems.push(...runOver.slice(0, 5).map((r) => `text runs out of its box: ${r}`));
  return problems;
}

async function setTheme(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((m) => {
    const key = 'dosedot.settings';
    const settings = JSON.parse(localStorage.getItem(key) ?? 'null') ?? { state: {}, version: 0 };
    settings.state = { primary: '#0096c7', ...settings.state, mode: m };
    localStorage.setItem(key, JSON.stringify(settings));
    window.dispatchEvent(new StorageEvent('storage', { key }));
  }, mode);
  await expect(page.locator('body')).toHaveCSS(
    'background-color',
    mode === 'dark' ? 'rgb(15, 19, 22)' : 'rgb(244, 246, 249)',
  );
}

/** Opens another language of the same page through the router (no reload). */
async function setLanguage(page: Page, url: string, lang: string) {
  await page.evaluate(
    (to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    prefixed(url, lang),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Parts drawn when they near the screen (My Medicine's plans and charts) are drawn: scroll down
  // the page a screen at a time, then back to the top.
  // A frame, or 250 ms if the page draws none (a renderer starved by the other worker once held a
  // frame back until the test's limit); at most 40 screens, however the page grows while scrolled.
  await page.evaluate(async () => {
    const frame = () =>
      new Promise((done) => {
        requestAnimationFrame(() => setTimeout(done, 0));
        setTimeout(done, 250);
      });
    for (let y = 0, n = 0; y < document.documentElement.scrollHeight && n < 40; y += innerHeight, n++) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  await page.waitForLoadState('networkidle');
  await webfontLoaded(page);
  // Skeletons and spinners gone: the page shows its data.
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
}

/** A phone's browser, signed in as the account (or nobody), in English to begin with. */
function phoneContext(
  browser: Browser,
  baseURL: string,
  phone: (typeof PHONES)[number],
  account: Visit['account'],
) {
  return browser.newContext({
    baseURL,
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-US',
    storageState: account === 'guest' ? undefined : statePath(accounts[account].state),
  });
}

/** What a sweep visits: the accounts, the themes, and the medicine of /my-medicine/:id/edit. */
interface SweepPlan {
  visits: Visit[];
  themes: readonly (typeof THEMES)[number][];
  medicineId: number;
}

async function sweep(
  browser: Browser,
  baseURL: string,
  phone: (typeof PHONES)[number],
  report: string[],
  plan: SweepPlan,
) {
  const { medicineId } = plan;
  let checked = 0;
  for (const visit of plan.visits) {
    const context = await phoneContext(browser, baseURL, phone, visit.account);
    const page = await context.newPage();
    for (const { path: pattern, audience } of PAGE_PATHS.filter((p) =>
      visit.audiences.includes(p.audience),
    )) {
      const url = fill(pattern, medicineId);
      // English has no prefix: the language kept from the last page (cookie i18n_redirected) would
      // send the unprefixed address on to it, so English is set as the kept one first.
      await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL }]);
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await settle(page);
      for (const [i, lang] of LANGUAGES.entries()) {
        if (i > 0) await setLanguage(page, url, lang);
        for (const theme of lang === 'en' ? plan.themes : [...plan.themes].reverse()) {
          await setTheme(page, theme);
          await settle(page);
          const where = `${phone.width}×${phone.height} ${lang} ${theme}`;
          for (const problem of await page.evaluate(checkPage, { width: phone.width })) {
            report.push(`${pattern} (${audience}, ${visit.account}) at ${where}: ${problem}`);
          }
          checked++;
          const name = MAIN_PAGES[pattern];
          if (name && ((lang === 'en' && theme === 'light') || (lang === 'de' && theme === 'dark'))) {
            await page.screenshot({
              path: path.join(ARTIFACTS, `phone-${phone.width}-${name}-${lang}-${theme}.png`),
              fullPage: true,
            });
          }
        }
      }
    }
    await context.close();
  }
  return checked;
}

// One test per phone: each is a few minutes of the two workers' time, and a retry repeats one phone only.
for (const phone of PHONES) {
  test(`every page of the patient and the health-data user fits a ${phone.width} px phone in every language and theme`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Every page in three languages and two themes on one phone: 3.3–4 minutes on CI's 2 cores, twice
    // that once beside the other phone's sweep (it hit a limit of 8); a limit, not a measurement.
    test.setTimeout(720_000);
    const report: string[] = [];
    const medicineId = await firstMedicineId(baseURL ?? '');
    await fillHealthData(baseURL ?? '');
    const checked = await sweep(browser, baseURL ?? '', phone, report, {
      visits: VISITS,
      themes: THEMES,
      medicineId,
    });
    await testInfo.attach(`phone-sweep-${phone.width}.txt`, {
      body: report.join('\n') || 'no problem',
      contentType: 'text/plain',
    });
    // Every page of the list was seen in all 6 combinations.
    const pages = PAGE_PATHS.filter((p) => VISITS.some((v) => v.audiences.includes(p.audience))).length;
    expect(checked).toBe(pages * LANGUAGES.length * THEMES.length);
    expect(report, report.join('\n')).toEqual([]);
  });
}

/*
 * The dialogs a patient, a health-data user and an administrator open on a phone, by the same rules
 * inside the dialog: nothing sticks out of it, no word broken, tap targets of 44 px, no text under a
 * control, no label cut short. At the narrower phone, in the three languages (the theme changes no
 * layout). A button's name with a placeholder ({{name}}) takes the first row's.
 */
type Lang = (typeof LANGUAGES)[number];
const literal = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalog text as a button's name: placeholders in `values` filled, any other one matching anything. */
const named = (lang: Lang, key: string, values: Record<string, string> = {}): string | RegExp => {
  const words = text(lang, key).replace(/\{\{(\w+)\}\}/g, (all, name: string) => values[name] ?? all);
  if (!words.includes('{{')) return words;
  return new RegExp(
    `^${words
      .split(/\{\{\w+\}\}/)
      .map(literal)
      .join('.+')}$`,
  );
};
/** Either of two names (what a row offers depends on its state). */
const either = (...names: (string | RegExp)[]) =>
  new RegExp(names.map((n) => (typeof n === 'string' ? `^${literal(n)}$` : n.source)).join('|'));
const SECTIONS = ['basic', 'physical', 'vision', 'medical', 'emergency', 'additional'] as const;
interface DialogOpener {
  account: 'anna' | 'heidi' | 'admin';
  /** The page it opens on; `:id` is the demo patient's first medicine with dosage times. */
  path: string;
  /** The button that opens it (`medicine`: the one of `:id`), and the menu item after it where the button opens a menu. */
  button: (lang: Lang, medicine: { name: string }) => string | RegExp;
  item?: (lang: Lang) => string | RegExp;
  /** The layer it opens, where that is no `role="dialog"` (the phone's menu drawer, a menu). */
  layer?: string;
}
const DIALOGS: DialogOpener[] = [
  // The shell's: the phone's menu, the account and language menus, the settings, the log-out question.
  {
    account: 'anna',
    path: '/my-medicine',
    button: (l) => named(l, 'userMenu.open'),
    layer: '.MuiPopover-paper',
  },
  {
    account: 'anna',
    path: '/my-medicine',
    button: (l) => named(l, 'language.choose'),
    layer: '.MuiPopover-paper',
  },
  {
    account: 'anna',
    path: '/my-medicine',
    button: (l) => named(l, 'nav.openMenu'),
    layer: '.MuiDrawer-paper',
  },
  { account: 'anna', path: '/my-medicine', button: (l) => named(l, 'settings.open') },
  {
    account: 'anna',
    path: '/my-medicine',
    button: (l) => named(l, 'userMenu.open'),
    item: (l) => named(l, 'nav.logout'),
  },
  { account: 'anna', path: '/my-medicine', button: (l) => named(l, 'medicines.add.button') },
  { account: 'anna', path: '/my-medicine', button: (l) => named(l, 'emediplan.import.button') },
  { account: 'anna', path: '/my-medicine/type-2', button: (l) => named(l, 'medicines.intake.tookOne') },
  { account: 'anna', path: '/profile', button: (l) => named(l, 'account.delete.open') },
  // Delete a medicine, or one of its dosage times on its page (each asks first).
  {
    account: 'anna',
    path: '/my-medicine',
    button: (l, medicine) => named(l, 'medicines.list.delete', { name: medicine.name }),
  },
  { account: 'anna', path: '/my-medicine/:id/edit', button: (l) => named(l, 'medicines.schedule.delete') },
  // Two-step sign-in asks for the password first.
  { account: 'anna', path: '/profile/security', button: (l) => named(l, 'security.twoFactor.setUp') },
  ...SECTIONS.map((section) => ({
    account: 'heidi' as const,
    path: '/my-health-data',
    button: (l: Lang) =>
      named(l, 'healthData.editSection', { section: text(l, `healthData.sections.${section}`) }),
  })),
  { account: 'admin', path: '/devices', button: (l) => named(l, 'devices.bulkImport.open') },
  // A free box's assignment, or a held box's unbinding (which there is depends on the suite's files before).
  {
    account: 'admin',
    path: '/devices',
    button: (l) => either(named(l, 'devices.actions.assign'), named(l, 'devices.actions.unbind')),
  },
  { account: 'admin', path: '/devices', button: (l) => named(l, 'devices.actions.qr') },
  { account: 'admin', path: '/patient-list', button: (l) => named(l, 'patients.impersonate.buttonFor') },
  {
    account: 'admin',
    path: '/patient-list',
    button: (l) => named(l, 'patientActions.menuFor'),
    item: (l) => named(l, 'patientActions.block.item'),
  },
  {
    account: 'admin',
    path: '/patient-list',
    button: (l) => named(l, 'patientActions.menuFor'),
    item: (l) =>
      either(named(l, 'patientActions.role.makeAdmin'), named(l, 'patientActions.role.makePatient')),
  },
];

test('every dialog of the patient, the health-data user and the administrator fits a 360 px phone in every language', async ({
  browser,
  baseURL,
}, testInfo) => {
  // 24 dialogs and menus in three languages: about three minutes on CI's 2 cores; a limit, not a measurement.
  test.setTimeout(480_000);
  await fillHealthData(baseURL ?? '');
  const medicine = await firstMedicine(baseURL ?? '', true);
  const phone = PHONES[0];
  const report: string[] = [];
  let checked = 0;
  for (const account of ['anna', 'heidi', 'admin'] as const) {
    const context = await phoneContext(browser, baseURL ?? '', phone, account);
    const page = await context.newPage();
    for (const dialog of DIALOGS.filter((d) => d.account === account)) {
      for (const lang of LANGUAGES) {
        await context.addCookies([{ name: 'i18n_redirected', value: lang, url: baseURL ?? '' }]);
        await page.goto(prefixed(fill(dialog.path, medicine.id), lang));
        await settle(page);
        const name = dialog.button(lang, medicine);
        await page.getByRole('button', { name, exact: true }).first().click({ timeout: 20_000 });
        if (dialog.item)
          await page
            .getByRole('menuitem', { name: dialog.item(lang), exact: true })
            .click({ timeout: 20_000 });
        const layer = dialog.layer ?? '[role="dialog"]';
        const open = page.locator(layer).last();
        await expect(open).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Opened: a menu grows in from 75 % (a transform), which its boxes would be measured at.
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        );
        for (const problem of await page.evaluate(checkPage, { width: phone.width, scope: layer })) {
          report.push(`${dialog.path} "${name}" at ${phone.width}×${phone.height} ${lang}: ${problem}`);
        }
        checked++;
        await page.keyboard.press('Escape');
        await expect(page.locator(layer)).toHaveCount(0);
      }
    }
    await context.close();
  }
  await testInfo.attach('phone-sweep-dialogs.txt', {
    body: report.join('\n') || 'no problem',
    contentType: 'text/plain',
  });
  expect(checked).toBe(DIALOGS.length * LANGUAGES.length);
  expect(report, report.join('\n')).toEqual([]);
});

/*
 * Someone else reads a patient's pages on a phone, under a banner naming whose data it is: a
 * caregiver (issue 26 item 5, read-only) or an administrator acting for the patient (impersonation).
 * The same pages, with the banner; by the same rules at the narrower phone in the three languages,
 * with a long double name in the banner. Light only: the theme changes no layout.
 */
const READ_FOR_PAGES = PAGE_PATHS.filter(
  (p) => p.audience === 'signedIn' && /^\/(dashboard|my-medicine)(\/[\w-]+)?$/.test(p.path),
);
/** A patient with a long double name and a medicine with two dosage times. */
async function patientWithLongName(setup: Page, name: string) {
  const patient = await newPatient(setup, name);
  await addMedicine(setup, patient, {
    name: 'Metformin Sandoz',
    start_date: new Date().toISOString().slice(0, 10),
    dosage_times: ['08:00', '20:00'],
  });
  return patient;
}
/**
 * Sweeps the patient's pages in the page whose reader already reads for the patient; `banner` is
 * the region's name in each language, `who` names the reader in the report and the screenshots.
 */
async function sweepReadingFor(
  page: Page,
  baseURL: string,
  who: 'caregiver' | 'admin',
  banner: (lang: Lang) => string,
  testInfo: TestInfo,
) {
  const phone = PHONES[0];
  const report: string[] = [];
  let checked = 0;
  for (const { path: url } of READ_FOR_PAGES) {
    for (const lang of LANGUAGES) {
      await page.context().addCookies([{ name: 'i18n_redirected', value: lang, url: baseURL }]);
      await page.goto(prefixed(url, lang));
      await settle(page);
      // Still the patient's data: the banner is there in every language.
      await expect(page.getByRole('region', { name: banner(lang) })).toBeVisible();
      for (const problem of await page.evaluate(checkPage, { width: phone.width })) {
        report.push(`${url} (${who}) at ${phone.width}×${phone.height} ${lang}: ${problem}`);
      }
      checked++;
      if (url === '/dashboard' || url === '/my-medicine')
        await page.screenshot({
          path: path.join(ARTIFACTS, `phone-${phone.width}-${who}${url.replace('/', '-')}-${lang}-light.png`),
          fullPage: true,
        });
    }
  }
  await page.context().close();
  await testInfo.attach(`phone-sweep-${who}.txt`, {
    body: report.join('\n') || 'no problem',
    contentType: 'text/plain',
  });
  // The dashboard's four views, My Medicine's three, and its add page.
  expect(READ_FOR_PAGES.length).toBe(8);
  expect(checked).toBe(READ_FOR_PAGES.length * LANGUAGES.length);
  expect(report, report.join('\n')).toEqual([]);
}

test('a caregiver reading a patient fits a 360 px phone in every language', async ({
  browser,
  baseURL,
  page: setup,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = 'Anna-Lena Bernasconi-Schwarzenbach';
  const patient = await patientWithLongName(setup, name);
  const carer = await newPatient(setup, 'Carl Carer');
  await makeCaregiver(setup, patient, carer);

  const context = await phoneContext(browser, baseURL ?? '', PHONES[0], 'guest');
  const page = await context.newPage();
  await skipTour(page);
  await signInAs(page, carer);
  await page.goto('/caregiving');
  await page.getByRole('button', { name: named('en', 'caregiving.open', { name }) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await sweepReadingFor(page, baseURL ?? '', 'caregiver', (l) => text(l, 'caregiving.bannerLabel'), testInfo);
});

test('an administrator acting for a patient fits a 360 px phone in every language', async ({
  browser,
  baseURL,
  page: setup,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = 'Marie-Claire Bernasconi-Zürcher';
  const patient = await patientWithLongName(setup, name);
  // An administrator of this test's own: starting an impersonation ends the administrator's other
  // sessions, and the demo administrator's serves the other tests.
  const admin = await newPatient(setup, 'Alma Admin');
  makeAdmin(admin.email);

  const context = await phoneContext(browser, baseURL ?? '', PHONES[0], 'guest');
  const page = await context.newPage();
  await skipTour(page);
  await page.goto('/auth/signin');
  await signIn(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/patient-list/impersonate?q=${encodeURIComponent(patient.email)}`);
  await page.getByRole('button', { name: named('en', 'patients.impersonate.buttonFor', { name }) }).click();
  const dialog = page.getByRole('dialog', { name: named('en', 'patients.reason.title', { name }) });
  await dialog
    .getByLabel(new RegExp(`^${text('en', 'patients.reason.label')}`))
    .fill('Phone call about the plan');
  await dialog.getByRole('button', { name: text('en', 'patients.reason.start') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The banner's title with each language's own punctuation (French: a space before the colon).
  await page.goto('/fr/dashboard');
  const title = text('fr', 'pages.users.impersonate');
  await expect(page.getByRole('region', { name: title })).toContainText(`${title}\u00a0: ${name}`);
  await sweepReadingFor(page, baseURL ?? '', 'admin', (l) => text(l, 'pages.users.impersonate'), testInfo);
});

/*
 * Issue 24: the administrator's pages (devices, users, sign-in audit, impersonation) fit a phone
 * too, with a fleet's long lists and tables, by the same rules: no sideways scroll of the page
 * (the users and the sign-ins are lists on a phone; the devices' table scrolls inside its card), no
 * word broken, every tap target (a tab, a column's sort) a finger's size, nothing covered. The
 * layout does not change with the theme, so light only.
 */
for (const phone of PHONES) {
  test(`every page of the administrator fits a ${phone.width} px phone in every language`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // About 1.5 minutes on CI's 2 cores beside another test, twice that on a slow day.
    test.setTimeout(300_000);
    const report: string[] = [];
    const visits: Visit[] = [{ account: 'admin', audiences: ['admin'] }];
    const checked = await sweep(browser, baseURL ?? '', phone, report, {
      visits,
      themes: ['light'],
      medicineId: 0,
    });
    await testInfo.attach(`phone-sweep-admin-${phone.width}.txt`, {
      body: report.join('\n') || 'no problem',
      contentType: 'text/plain',
    });
    const pages = PAGE_PATHS.filter((p) => p.audience === 'admin').length;
    expect(pages).toBeGreaterThanOrEqual(6);
    expect(checked).toBe(pages * LANGUAGES.length);
    expect(report, report.join('\n')).toEqual([]);
  });
}
