import path from 'node:path';
import { expect, type Locator, type Page, test } from './fixtures';
import { accounts, presetTheme, statePath, text, webfontInUse } from './support';

/*
 * The look, compared with committed baselines (tests/__screenshots__/): sign-in, dashboard, profile,
 * 404 and 401 in light and dark, English and German, on a desktop and a phone. A change that alters
 * a screen by more than the tolerance in playwright.config.ts fails here; when the change is meant,
 * regenerate on purpose and say why in the commit:
 *   flock /tmp/dosedot-build.lock npm run test:e2e -- tests/visual.spec.ts --update-snapshots
 *
 * The dashboard's content is being rebuilt (issue 9): its content column is masked, so the shell
 * around it (menu, toolbar, settings button) is compared and the page's own content is not. The
 * side menu's version text carries the commit and is masked everywhere.
 */

type Lang = 'en' | 'de';

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  heading: string;
  /** The parts that change for reasons of their own. */
  mask?: (page: Page) => Locator[];
  /** A stylesheet for the screenshot (visual-mask.css gives the masked column one height). */
  style?: string;
  /** What must be on the page before the screenshot, besides the heading. */
  ready?: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  {
    name: 'signin',
    path: '/auth/signin',
    signedIn: false,
    heading: 'auth.signin.heading',
    // The provider button (the e2e server has one OpenID Connect provider) arrives with its own call.
    ready: (page) => page.getByRole('link', { name: /E2E Provider/ }),
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    signedIn: true,
    heading: 'pages.dashboard.title',
    // The page's own column inside <main>, not the toolbar or the menu around it.
    mask: (page) => [page.getByRole('main').locator(':scope > div').last()],
    style: path.join(import.meta.dirname, 'visual-mask.css'),
  },
  { name: 'profile', path: '/profile', signedIn: true, heading: 'pages.profile.title' },
  { name: '404', path: '/no/such/page', signedIn: false, heading: 'errorPages.notFound.heading' },
  { name: '401', path: '/error/401', signedIn: true, heading: 'errorPages.unauthorized.heading' },
];

const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The side menu's "Version 0.1.0 (abc1234)", which changes with every commit. */
const versionText = (page: Page, lang: Lang) =>
  page.getByText(new RegExp(text(lang, 'app.version').replace('{{version}}', '.+')));

for (const lang of ['en', 'de'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(DEVICES)) {
      test.describe(`${lang}, ${mode}, ${device}`, () => {
        test.use({ viewport });
        test.beforeEach(async ({ page }) => presetTheme(page, mode));

        for (const screen of SCREENS) {
          test.describe(screen.name, () => {
            if (screen.signedIn) test.use({ storageState: statePath(accounts.anna.state) });

            test(`${screen.name} looks as before (${lang}, ${mode}, ${device})`, async ({ page }) => {
              await page.goto(lang === 'en' ? screen.path : `/${lang}${screen.path}`);
              await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, screen.heading));
              if (screen.ready) await expect(screen.ready(page)).toBeVisible();
              // The webfont, not a fallback, is what the baseline shows.
              expect(await webfontInUse(page)).toBe(true);
              await expect(page).toHaveScreenshot(`${screen.name}-${lang}-${mode}-${device}.png`, {
                mask: [...(screen.mask?.(page) ?? []), versionText(page, lang)],
                ...(screen.style ? { stylePath: screen.style } : {}),
              });
            });
          });
        }
      });
    }
  }
}
