import path from 'node:path';
import { expect, type Page, test } from './fixtures';
import { ARTIFACTS, accounts, statePath, text, webfontLoaded } from './support';

/*
 * Issue 23 item 4b: on a phone, German and French health-data values wrapped letter by letter.
 * My Health Data at 360 and 390 px in German and French: the page is no wider than the screen, no
 * card hides content sideways, and no word of a label or value is broken across lines.
 */

// Heidi's sections as tests/health-data.spec.ts leaves them (the two files run side by side on her
// account, so these are the same values: whichever saves last, the record is the same).
const SECTIONS = {
  'basic-information': {
    date_of_birth: '1958-03-14',
    gender: 'female',
    blood_type: 'A+',
    nationality: 'Schweiz',
    ahv_number: '756.1234.5678.97',
    rega_member: true,
  },
  'physical-measurements': { height_cm: 172, weight_kg: 68 },
  vision: {
    needs_glasses: true,
    glasses_type: 'progressive',
    right: { sphere: -1.25, cylinder: -0.5, axis: 90 },
    left: { sphere: 0.75, cylinder: null, axis: 180 },
  },
  'emergency-contact': {
    contact_name: 'Peter Keller',
    relationship: 'Ehemann',
    phone: '079 123 45 67',
    email: 'peter.keller@example.ch',
  },
  'additional-information': { smoking: 'non_smoker', alcohol: 'occasional', organ_donor: true },
};

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('dosedot.session') ?? '{}').state?.token);
}

/**
 * The words (split at spaces and hyphens) of the card texts that the browser laid out on more than
 * one line: each word's text range must sit on one line.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const root = document.querySelector('main') ?? document.body;
    for (const el of root.querySelectorAll('section dt, section dd, section th, section td, section h2')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const content = node.textContent ?? '';
        for (const match of content.matchAll(/[^\s\-‐]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

test.describe('My Health Data on a phone', () => {
  test.use({ storageState: statePath(accounts.heidi.state) });

  test.beforeEach(async ({ page }) => {
    await page.goto('/de/dashboard');
    const auth = { authorization: `Bearer ${await token(page)}` };
    for (const [section, values] of Object.entries(SECTIONS)) {
      const res = await page.request.put(`/api/health-data/${section}`, { headers: auth, data: values });
      expect(res.status(), section).toBe(200);
    }
  });

  for (const width of [360, 390] as const) {
    for (const lang of ['de', 'fr'] as const) {
      test(`values and labels wrap between words only, no sideways scroll (${lang}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 844 });
        await page.goto(`/${lang}/my-health-data`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(lang, 'pages.healthData.title'),
        );
        const basic = page.getByRole('region', { name: text(lang, 'healthData.sections.basic') });
        await expect(basic).toContainText('756.1234.5678.97');
        await expect(
          page.getByRole('region', { name: text(lang, 'healthData.sections.vision') }),
        ).toContainText(text(lang, 'healthData.glassesType.progressive'));
        await expect(
          page.getByRole('region', { name: text(lang, 'healthData.sections.emergency') }),
        ).toContainText('peter.keller@example.ch');
        await webfontLoaded(page);
        // Kept for people to look at (e2e/artifacts), before the checks so a failure shows too.
        await page.screenshot({
          path: path.join(ARTIFACTS, `health-data-${lang}-${width}.png`),
          fullPage: true,
        });

        // The page no wider than the screen (innerWidth grows with wide content: compare with the set width).
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth))
          .toBeLessThanOrEqual(width);
        // No card cuts content off at its side.
        const cut = await page
          .locator('main section')
          .evaluateAll((cards) =>
            cards
              .filter((c) => c.scrollWidth > c.clientWidth + 1)
              .map((c) => c.getAttribute('aria-labelledby')),
          );
        expect.soft(cut).toEqual([]);
        // Labels stand above their values on a phone: the value starts at the label's left edge.
        const nationality = basic.getByText(text(lang, 'healthData.basic.nationality'), { exact: true });
        const value = basic.getByText('Schweiz', { exact: true });
        const [l, v] = [await nationality.boundingBox(), await value.boundingBox()];
        expect.soft(v?.y ?? 0).toBeGreaterThan(l?.y ?? 0);
        expect.soft(Math.abs((v?.x ?? 0) - (l?.x ?? 0))).toBeLessThan(2);

        expect(await brokenWords(page)).toEqual([]);
      });
    }
  }
});
