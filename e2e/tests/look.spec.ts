import { expect, type Locator, type Page, test } from './fixtures';
import { accounts, contrastOf, presetTheme, statePath, text, webfontInUse, webfontLoaded } from './support';

/*
 * The look's rules that a screenshot does not pin down: the webfont, letter-spacing, focus rings,
 * white text on fills, dark brand surfaces, and German and French labels that fit.
 */

const css = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/**
 * The lines the element's text stands on (its own box may be taller: a link standing on its own is
 * a 44 px tap target).
 */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
    }
    // Text of one line may sit a few pixels apart (an icon's label, a baseline); a line is 12 px or more.
    return tops.sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - (all[i - 1] ?? top) > 6)
      .length;
  });

test('the self-hosted webfont is loaded from the app itself and used', async ({ page }) => {
  const fonts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'font') fonts.push(res.url());
  });

  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await webfontInUse(page)).toBe(true);
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts) expect(url).toMatch(/^http:\/\/localhost:\d+\/assets\/inter-[\w-]+\.woff2$/);
  // The other scripts' faces load when a text needs them (a name in Cyrillic), as @font-face rules would.
  expect(fonts.some((url) => url.includes('cyrillic'))).toBe(false);
  await page.evaluate(() => {
    const name = document.createElement('p');
    name.textContent = 'Жанна Иванова';
    document.querySelector('main')?.append(name);
  });
  await expect.poll(() => fonts.filter((url) => /inter-cyrillic-wght-normal/.test(url)).length).toBe(1);
});

test.describe('until the webfont has loaded', () => {
  test.use({ storageState: statePath(accounts.anna.state), viewport: { width: 390, height: 844 } });

  /** Where the dashboard's headings and texts stand (top and height, px), in the font the page has. */
  const layout = (page: Page) =>
    page
      .locator('main h1, main h2, main li, main p')
      .evaluateAll((els) => els.map((el) => [Math.round(el.getBoundingClientRect().top), el.clientHeight]));

  test("the device's font takes Inter's room: nothing moves when Inter swaps in", async ({
    page,
    browser,
  }) => {
    // On a first visit the page paints before the webfont is there (lib/webfont.ts), in the
    // fallback made to Inter's metrics (lib/font-stack.ts; here Liberation Sans).
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await webfontInUse(page)).toBe(true);
    const inInter = await layout(page);
    const context = await browser.newContext({
      storageState: statePath(accounts.anna.state),
      viewport: { width: 390, height: 844 },
    });
    const without = await context.newPage();
    await without.route(/\.woff2$/, (route) => route.abort());
    await without.goto('/dashboard');
    await expect(without.getByRole('heading', { level: 1 })).toBeVisible();
    await without.waitForLoadState('networkidle');
    // Drawn in the fallback: no face of the webfont has loaded.
    expect(
      await without.evaluate(() =>
        [...document.fonts].some(
          (f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded',
        ),
      ),
    ).toBe(false);
    const inFallback = await layout(without);
    await context.close();
    expect(inFallback.length).toBe(inInter.length);
    expect(inInter.length).toBeGreaterThan(5);
    // The same lines (heights) and places, give or take a few pixels.
    for (const [i, [top, height]] of inInter.entries()) {
      const [fallbackTop = Number.NaN, fallbackHeight = Number.NaN] = inFallback[i] ?? [];
      expect(Math.abs(fallbackHeight - (height ?? 0)), `height of #${i}`).toBeLessThanOrEqual(4);
      expect(Math.abs(fallbackTop - (top ?? 0)), `top of #${i}`).toBeLessThanOrEqual(8);
    }
  });
});

test('mixed-case labels have no letter-spacing', async ({ page }) => {
  await page.goto('/auth/signin');
  for (const control of [
    page.getByRole('button', { name: 'Sign in' }),
    page.getByRole('link', { name: 'Forgot password?' }),
    page.getByRole('heading', { level: 1 }),
  ]) {
    expect(['normal', '0px']).toContain(await css(control, 'letter-spacing'));
  }
});

test('every control of the sign-in page shows a focus ring by keyboard', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      // A text field shows its focus as a thicker outline of the field (MUI's notched border).
      const field = el.tagName === 'INPUT' ? el.parentElement?.querySelector('fieldset') : null;
      const fieldBorder = field ? Number.parseFloat(getComputedStyle(field).borderTopWidth) : 0;
      return {
        name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
        outline: style.outlineStyle !== 'none' ? Number.parseFloat(style.outlineWidth) : 0,
        fieldBorder,
      };
    });
    if (!focus) continue;
    seen.add(focus.name);
    expect(Math.max(focus.outline, focus.fieldBorder), `focus ring on ${focus.name}`).toBeGreaterThanOrEqual(
      2,
    );
  }
  // The language button, both fields, the password toggle, the links, Sign in and the settings.
  expect(seen.size).toBeGreaterThanOrEqual(7);
});

test('the focus ring of a filled button stands out from the page at 3:1', async ({ page }) => {
  await page.goto('/auth/signin');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await submit.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  const ring = await css(submit, 'outline-color');
  const pageColour = await css(page.locator('body'), 'background-color');
  expect(contrastOf(ring, pageColour)).toBeGreaterThanOrEqual(3);
});

for (const mode of ['light', 'dark'] as const) {
  test(`filled surfaces carry white text at AA, and the brand panel suits the ${mode} mode`, async ({
    page,
  }) => {
    await presetTheme(page, mode);
    await page.goto('/auth/signin');
    const submit = page.getByRole('button', { name: 'Sign in' });
    expect(await css(submit, 'color')).toBe('rgb(255, 255, 255)');
    expect(
      contrastOf(await css(submit, 'color'), await css(submit, 'background-color')),
    ).toBeGreaterThanOrEqual(4.5);

    const tagline = page.getByText(text('en', 'auth.tagline'));
    const panel = tagline.locator('..');
    const panelColour = await css(panel, 'background-color');
    expect(contrastOf(await css(tagline, 'color'), panelColour)).toBeGreaterThanOrEqual(4.5);
    const pageColour = await css(page.locator('body'), 'background-color');
    if (mode === 'dark') {
      // Dark mode: a deep shade beside the near-black form, never the bright colour (issue 8, point 1).
      expect(contrastOf(panelColour, 'rgb(0, 0, 0)')).toBeLessThan(2.2);
      expect(contrastOf(panelColour, pageColour)).toBeLessThan(1.8);
    } else {
      expect(panelColour).toBe(await css(submit, 'background-color'));
    }
  });
}

/** The side menu of the health-data user, who has the most entries, on a desktop. */
async function openMenu(page: Page, lang: 'de' | 'fr') {
  await page.goto(`/${lang}/dashboard`);
  const menu = page.getByRole('navigation', { name: text(lang, 'nav.mainMenu') });
  await expect(menu.getByRole('link')).toHaveCount(4);
  return menu;
}

test.describe('German and French labels that fit', () => {
  test.use({ storageState: statePath(accounts.heidi.state), viewport: { width: 1280, height: 800 } });

  for (const lang of ['de', 'fr'] as const) {
    test(`the side menu's entries and footer links stand on one line each (${lang})`, async ({ page }) => {
      const menu = await openMenu(page, lang);
      for (const link of await menu.getByRole('link').all()) {
        expect(await lines(link.getByText(/./)), await link.innerText()).toBe(1);
      }
      const footer = page.getByRole('navigation', { name: text(lang, 'footer.links') });
      const drawer = await menu.evaluate((el) => el.parentElement?.getBoundingClientRect().right ?? 0);
      for (const link of await footer.getByRole('link').all()) {
        expect(await lines(link), await link.innerText()).toBe(1);
        expect((await link.boundingBox())?.x ?? 0).toBeGreaterThan(0);
        const box = await link.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), await link.innerText()).toBeLessThanOrEqual(drawer);
      }
      // Two rows of two, not a ragged pile.
      const tops = new Set(
        await Promise.all(
          (await footer.getByRole('link').all()).map(async (l) => (await l.boundingBox())?.y),
        ),
      );
      expect(tops.size).toBe(2);
    });
  }

  test('a menu entry too long for the menu ends in … and shows whole in a tooltip', async ({ page }) => {
    const menu = await openMenu(page, 'de');
    // Narrow the menu as a longer translation would: the label is cut, not wrapped.
    await page.addStyleTag({ content: 'nav[aria-label] li { max-width: 170px; }' });
    const label = text('de', 'nav.myHealthData');
    const entry = menu.getByRole('link', { name: label });
    expect(await lines(entry.getByText(label))).toBe(1);
    await entry.hover();
    await expect(page.getByRole('tooltip')).toHaveText(label);
    // A label that fits gets no tooltip.
    await menu.getByRole('link', { name: text('de', 'nav.dashboard') }).hover();
    await expect(page.getByRole('tooltip')).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  for (const lang of ['de', 'fr'] as const) {
    test(`the sign-in footer stands in two tidy rows (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/auth/signin`);
      const footer = page.getByRole('navigation', { name: text(lang, 'footer.links') });
      await expect(footer.getByRole('link')).toHaveCount(4);
      // Measured in the webfont: the fallback font is wider and may wrap the row (a flake on CI).
      await webfontLoaded(page);
      const links = await footer.getByRole('link').all();
      const tops = new Set<number | undefined>();
      for (const link of links) {
        expect(await lines(link), await link.innerText()).toBe(1);
        tops.add((await link.boundingBox())?.y);
      }
      expect(tops.size).toBe(2);
    });
  }

  test.describe('signed in', () => {
    test.use({ storageState: statePath(accounts.anna.state) });

    test('the tabs start flush with the page title, with no space kept for a scroll arrow', async ({
      page,
    }) => {
      await page.goto('/my-medicine');
      const title = page.getByRole('heading', { level: 1 });
      const firstTab = page.getByRole('tab').first();
      await expect(firstTab).toBeVisible();
      const titleLeft = (await title.boundingBox())?.x ?? -1;
      const tabLeft = await firstTab.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().x;
      });
      expect(Math.abs(tabLeft - titleLeft)).toBeLessThanOrEqual(2);
    });
  });
});

test('the error pages share one layout: logo, code, name, heading, text and back button', async ({
  page,
}) => {
  for (const [url, kind] of [
    ['/no/such/page', 'notFound'],
    ['/error/401', 'unauthorized'],
  ] as const) {
    await page.goto(url);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(text('en', `errorPages.${kind}.heading`));
    await expect(page.getByText(text('en', 'app.name'), { exact: true })).toBeVisible();
    // The page's name under the code, as large as a subtitle, not a small caption.
    const name = page.getByText(text('en', `errorPages.${kind}.title`), { exact: true });
    await expect(name).toBeVisible();
    expect(Number.parseFloat(await css(name, 'font-size'))).toBeGreaterThanOrEqual(18);
    await expect(page.getByText(text('en', `errorPages.${kind}.text`))).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'errorPages.back') })).toBeVisible();
    // Headings balance their lines: no word left alone on the last one.
    expect(await heading.evaluate((el) => getComputedStyle(el).textWrapStyle)).toBe('balance');
  }
});
