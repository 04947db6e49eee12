import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_READ_PAGES } from './src/boot/early-reads';
import { paths } from './src/config/paths';
import { texts } from './texts';
import { webfont } from './webfont';

const root = path.resolve(import.meta.dirname, '../..');

/** "0.1.0 (abc1234)": the root package version and, in a git checkout, the short commit. */
function versionText(): string {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return commit ? `${version} (${commit})` : version;
  } catch {
    return version;
  }
}

/**
 * Each script, stylesheet and SVG of the build also brotli- and gzip-compressed at the highest
 * levels (.br, .gz beside it), which the server sends as they are (packages/server/src/app.ts):
 * smaller than its compression on the fly, and no work per request. Fonts are compressed already.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dosedot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets).filter((n) => /\.(m?js|css|svg)$/.test(n))) {
        const file = path.join(assets, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The pages a phone opens most, each with the modules the router loads lazily for it (the auth
 * layout or the signed-in shell, the patient's data layout, the page): the build writes their chunks, with the chunks those
 * import, to `page-preloads.json`, and the server names them in the page's `Link: rel=modulepreload`
 * header (packages/server/src/app.ts), so a cold start asks for them together with the entry
 * instead of a round trip after it has run (issue 23 item 12). A module that is not in the build
 * fails the build: the table cannot go stale unnoticed.
 */
const SHELL = ['src/app/layouts/default-layout.tsx', 'src/app/layouts/patient-data-layout.tsx'];
const DASHBOARD = 'src/features/dashboard/pages';
const MY_MEDICINE = [...SHELL, 'src/features/medicines/pages/my-medicine-page.tsx'];
/** The auth pages: their layout and page (the sign-in's are the build's `signin` chunk). */
const AUTH = (page: string) => [
  'src/app/layouts/auth-layout.tsx',
  `src/features/auth/pages/${page}-page.tsx`,
];
const PAGE_MODULES: Record<string, string[]> = {
  // `/` sends a guest to the sign-in.
  [paths.home]: AUTH('signin'),
  [paths.signIn]: AUTH('signin'),
  [paths.signUp]: AUTH('signup'),
  [paths.success]: AUTH('success'),
  [paths.forgotPassword]: AUTH('forgot-password'),
  [paths.resetPassword]: AUTH('reset-password'),
  [paths.emailConfirmation]: AUTH('email-confirmation'),
  [paths.dashboard]: [...SHELL, `${DASHBOARD}/dashboard-page.tsx`],
  [paths.dashboardIndex2]: [...SHELL, `${DASHBOARD}/timeline-page.tsx`],
  [paths.dashboardWeekly]: [...SHELL, `${DASHBOARD}/weekly-page.tsx`],
  [paths.dashboardMonthly]: [...SHELL, `${DASHBOARD}/monthly-page.tsx`],
  [paths.myMedicine]: MY_MEDICINE,
  [paths.myMedicineType1]: MY_MEDICINE,
  [paths.myMedicineType2]: MY_MEDICINE,
};

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
}

function pagePreloads(): Plugin {
  let webRoot = '';
  return {
    name: 'dosedot-page-preloads',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & BuiltChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** A chunk with every chunk it imports statically, as file names. */
      const closure = (files: Iterable<string>) => {
        const seen = new Set<string>();
        const queue = [...files];
        for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
          if (seen.has(f)) continue;
          seen.add(f);
          queue.push(...(byFile.get(f)?.imports ?? []));
        }
        return seen;
      };
      // What index.html loads already.
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const chunkOfModule = (module: string) => {
        const id = path.resolve(webRoot, module);
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`page-preloads: ${module} is in no chunk of the build`);
        return chunk.fileName;
      };
      const preloads = Object.fromEntries(
        Object.entries(PAGE_MODULES).map(([page, modules]) => [
          page,
          [...closure(modules.map(chunkOfModule))].filter((f) => !entry.has(f)).map((f) => `/${f}`),
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/**
 * The boot script (src/boot/boot.ts): an entry of its own, named before the app's in the page's
 * HTML, that imports nothing of the app's, so a signed-in page's first API reads start as soon as
 * it has arrived instead of after `vendor` has loaded and run (issue 23 item 12). Written into the
 * HTML here: index.html's own module scripts are made into one entry, whose code runs only once the
 * app's chunks it imports have loaded.
 */
const BOOT = 'src/boot/boot.ts';
/**
 * Only the pages the boot script reads for need it (EARLY_READ_PAGES): the build also writes the page
 * without it, `index-no-boot.html`, and the pages that get it, `boot-pages.json`; the server sends
 * the page without it everywhere else (the sign-in: one request less on a phone). index.html keeps
 * it: the service worker answers every page with that one. (The webfont is not in the page's head:
 * the app adds it, src/lib/webfont.ts.)
 */
function bootScript(): Plugin {
  let outDir = '';
  let tags: string[] = [];
  return {
    name: 'dosedot-boot-script',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (tags.length !== 1 || !tags.every((tag) => html.includes(tag)))
        throw new Error('boot-script: the boot script is not in index.html');
      writeFileSync(
        path.join(outDir, 'index-no-boot.html'),
        tags.reduce((page, tag) => page.replace(tag, ''), html),
      );
      writeFileSync(path.join(outDir, 'boot-pages.json'), `${JSON.stringify(EARLY_READ_PAGES, null, 2)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const files = Object.values(bundle ?? {});
        const boot = files.find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        const entry = /<script type="module"/.exec(html);
        if (!boot || !entry)
          throw new Error(`boot-script: ${BOOT} or the app's entry is missing from the build`);
        // Before the app's entry: module scripts run in the order of the document.
        tags = [`<script type="module" crossorigin src="/${boot.fileName}"></script>\n    `];
        return html.slice(0, entry.index) + tags.join('') + html.slice(entry.index);
      },
    },
  };
}

/**
 * The page's icon written into its head (a data: URL of public/favicon.svg, 180 bytes) instead of a
 * request of its own: on a phone's cold start that request held one of the six connections while
 * the app's scripts waited for one (issue 23 item 12). The file stays for the app's manifest.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'dosedot-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const link = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
      if (!html.includes(link)) throw new Error('inline-favicon: the icon link is not in index.html');
      const svg = readFileSync(path.join(import.meta.dirname, 'public/favicon.svg'), 'utf8').trim();
      // Only what a URL in a double-quoted attribute must escape; the file's quotes made single.
      const data = svg.replace(/"/g, "'").replace(/[<>#%\n]/g, (c) => encodeURIComponent(c));
      return html.replace(link, link.replace('/favicon.svg', `data:image/svg+xml,${data}`));
    },
  };
}

/**
 * Packages a page needs only after it has shown something, or only on some pages: each stays in
 * chunks of its own, loaded when first needed (charts, PDF, password strength, the tour, QR codes,
 * toasts, the service worker's registration).
 */
const LATER_PACKAGES =
  /node_modules[\\/](echarts|zrender|tslib|jspdf|jspdf-autotable|html2canvas|dompurify|canvg|core-js|fflate|fast-png|iobuffer|pako|raf|rgbcolor|stackblur-canvas|svg-pathdata|performance-now|@zxcvbn-ts|@fastify|fastest-levenshtein|react-joyride|@floating-ui|@gilbarbara|deepmerge|deep-diff|is-lite|tree-changes|scroll|scrollparent|react-innertext|qrcode\.react|react-toastify|workbox-window|zxing-wasm|pdfjs-dist)[\\/]/;
/** What every page starts from, and the sign-in's layout. */
const isPublicRoot = (id: string) =>
  /[\\/]src[\\/](main\.tsx|app[\\/]layouts[\\/]auth-layout\.tsx|features[\\/]auth[\\/]pages[\\/]signin-page\.tsx)$/.test(
    id,
  );
interface Modules {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
  } | null;
}
/** The side menu docked on a wide screen: loaded lazily, at once there, on a phone with its menu. */
const isSideNav = (id: string) => /[\\/]src[\\/]app[\\/]layouts[\\/]side-menu\.tsx$/.test(id);
/**
 * The shells' parts loaded when first used (the account menu, the language menu, the settings): a
 * module of components/ or app/layouts/ that is imported lazily, and not by the routes.
 */
const isLaterShellPart = (id: string, modules: Modules) =>
  /[\\/]src[\\/](components|app[\\/]layouts)[\\/]/.test(id) &&
  (modules.getModuleInfo(id)?.dynamicImporters ?? []).some((by) => !/[\\/]app[\\/]routes[\\/]/.test(by)) &&
  !isSideNav(id);
/** What every signed-in page starts from besides: the private layouts. */
const isPrivateRoot = (id: string, modules: Modules) =>
  /[\\/]src[\\/]app[\\/]layouts[\\/]/.test(id) &&
  !isPublicRoot(id) &&
  !isLaterShellPart(id, modules) &&
  !isSideNav(id);
/** What the signed-in shell and the dashboard start from: the entry, the private layouts, the dashboard's pages. */
const isSharedRoot = (id: string, modules: Modules) =>
  /[\\/]src[\\/]main\.tsx$/.test(id) || isPrivateRoot(id, modules) || isDashboardRoot(id) || isSideNav(id);

/** A component's own module of MUI (`@mui/material/InputBase/InputBase.mjs`): its barrel is `./index.mjs`. */
const MUI_COMPONENT = /node_modules[\\/]@mui[\\/]material[\\/]([A-Z]\w*)[\\/]\1\.mjs$/;
/** MUI's modules of class names (`filledInputClasses.mjs`). */
const MUI_CLASSES = /node_modules[\\/]@mui[\\/]material[\\/].*Classes\.mjs$/;
/**
 * The modules that statically import a module: the walk of `reachedFrom` goes up them unless told
 * otherwise. A component of MUI is imported through its barrel, which MUI's class-name modules import
 * too for the component's class names alone: the theme's high-contrast styles take `filledInputClasses`,
 * which takes `inputBaseClasses` from `InputBase/index.mjs`, and through that barrel InputBase itself
 * (with TextareaAutosize, 8 KB) counted as used by every page and went into `vendor`, although only
 * the text fields render it (issue 25 item 6). From a component, the walk goes past its barrel to the
 * barrel's importers that are not class-name modules.
 */
const importersOf = (id: string, modules: Modules): readonly string[] => {
  const importers = modules.getModuleInfo(id)?.importers ?? [];
  if (!MUI_COMPONENT.test(id)) return importers;
  const barrel = id.replace(/[^\\/]+\.mjs$/, 'index.mjs');
  return importers.flatMap((by) =>
    by === barrel ? (modules.getModuleInfo(by)?.importers ?? []).filter((i) => !MUI_CLASSES.test(i)) : [by],
  );
};
/**
 * Whether a root imports the module, directly or through static imports (answers kept per root
 * kind); with `along` another step than up to the importers (down to the imported modules).
 */
function reachedFrom(
  isRoot: (id: string, modules: Modules) => boolean,
  cache: Map<string, boolean>,
  along: (id: string, modules: Modules) => readonly string[] = importersOf,
) {
  return (id: string, modules: Modules): boolean => {
    const known = cache.get(id);
    if (known !== undefined) return known;
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (isRoot(next, modules) || cache.get(next)) {
        cache.set(id, true);
        return true;
      }
      for (const by of along(next, modules)) {
        if (!seen.has(by) && cache.get(by) !== false) {
          seen.add(by);
          queue.push(by);
        }
      }
    }
    // Nothing reached leads to a root: none of them does.
    for (const other of seen) cache.set(other, false);
    return false;
  };
}
/** The modules a page or layout imports statically: what its first load brings. */
const onAPage = reachedFrom(
  (id) => /[\\/]src[\\/](main\.tsx|app[\\/]|features[\\/][^\\/]+[\\/]pages[\\/])/.test(id),
  new Map(),
);
/** The dashboard's pages: what patients open most, right after signing in. */
const isDashboardRoot = (id: string) => /[\\/]src[\\/]features[\\/]dashboard[\\/]pages[\\/]/.test(id);
const inPublicShell = reachedFrom(isPublicRoot, new Map());
const inPrivateShell = reachedFrom(isPrivateRoot, new Map());
const inDashboard = reachedFrom(isDashboardRoot, new Map());
const inMyMedicine = reachedFrom(
  (id) => /[\\/]src[\\/]features[\\/]medicines[\\/]pages[\\/]my-medicine-page\.tsx$/.test(id),
  new Map(),
);
const inSharedShell = reachedFrom(isSharedRoot, new Map());
const inLaterShell = reachedFrom(isLaterShellPart, new Map());
const inSideNav = reachedFrom(isSideNav, new Map());
/** The phone's menu drawer (app/layouts/mobile-nav.tsx), a chunk of its own. */
const isMobileNav = (id: string) => /[\\/]src[\\/]app[\\/]layouts[\\/]mobile-nav\.tsx$/.test(id);
const inOtherLaterShell = reachedFrom(
  (id, modules) => isLaterShellPart(id, modules) && !isMobileNav(id),
  new Map(),
);

/**
 * Few, larger chunks instead of one per module (a phone's cold start pays a round trip for each,
 * issue 23 item 12):
 * - `vendor` and `app`: the libraries and our modules of the entry and the sign-in that the signed-in
 *   shell or the dashboard use too;
 * - `signin`: what only the sign-in's layout and page use (the form library, the inputs): the
 *   dashboard does not load it (issue 25 item 6);
 * - `private`: what the signed-in layouts add, and English's texts of a patient's first screens
 *   (the `core` group of src/i18n/parts.ts; the other groups are chunks of their own: texts.ts);
 * - `sidenav`: the side menu docked on a wide screen and what only it uses (the tooltip, popper);
 * - `menus`: what the shells' parts loaded when first used (the account and language menus, the
 *   settings) add to `private` and `everyday`: the popovers and the dialog (issue 25 item 6);
 * - `everyday`: libraries and shared modules of ours (not of a feature) that the dashboard's pages
 *   use besides the shell (issue 25 item 6: the dashboard does not load the other pages' components);
 * - `mymedicine`: those that My Medicine's page adds to `everyday` (issue 23 item 12: it loads
 *   neither `common` nor the menus' and side menu's chunks that `common` imports);
 * - `forms`: the form libraries (zod, react-hook-form) and our shared modules that use them, loaded by
 *   a page with a form open, not by one that only shows data (My Medicine, issue 23 item 12);
 * - `common`: the other libraries and shared modules of ours that only pages use (tables, …);
 * - one chunk per feature, named after it, with its pages and parts; the feature's modules that use
 *   a form library in `<feature>-forms`.
 * What loads later stays apart: the packages above, German, French and most English texts, the parts a page loads
 * lazily (a dynamic import that is not a page or a layout), and any module of ours that imports
 * one of those packages itself.
 */
const CHUNK_KINDS = [
  'vendor',
  'app',
  'signin',
  'private',
  'everyday',
  'mymedicine',
  'sidenav',
  'menus',
  'forms',
  'common',
  'feature',
] as const;

/** The form libraries: the checks (zod) and the form state (react-hook-form and its resolvers). */
const FORM_LIBRARIES = /node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/;
/**
 * Whether a module of the web app imports a form library, directly or through the app's static
 * imports. Not through the domain package: its barrels reach zod from nearly every page through
 * schemas the page never runs (dropped from the build); a domain module that does import zod is in
 * `forms` itself, and a page that runs it loads `forms` for it.
 */
const usesForms = reachedFrom(
  (id) => FORM_LIBRARIES.test(id),
  new Map(),
  (id, modules) =>
    (modules.getModuleInfo(id)?.importedIds ?? []).filter(
      (i) => FORM_LIBRARIES.test(i) || /[\\/]packages[\\/]web[\\/]src[\\/]/.test(i),
    ),
);
function chunkOf(id: string, modules: Modules): string | null {
  const library = /node_modules[\\/]/.test(id);
  if (library && LATER_PACKAGES.test(id)) return null;
  // zod runs only in the forms of pages; the domain's barrels reach it from the shell through
  // schemas no page runs (dropped from the build), which would put it in `vendor` (+24 KB gzip).
  // With react-hook-form it waits in `forms`, which a page without a form open does not load.
  if (FORM_LIBRARIES.test(id)) return 'forms';
  const source = id.replace(/\\/g, '/');
  // So do the domain's schema modules: reached through the barrels, one in `app` took zod with it
  // (its group takes in what its modules import), 24 KB gzip on every page (issue 23 item 12).
  if (
    /\/packages\/domain\/src\//.test(source) &&
    (modules.getModuleInfo(id)?.importedIds ?? []).some((i) => /node_modules[\\/]zod[\\/]/.test(i))
  )
    return 'forms';
  // react-i18next's <Trans> (and the HTML parser under it) only the sign-up page renders; its barrel,
  // which the shell imports, would put it in `vendor` (4 KB gzip on every page, issue 23 item 12).
  if (
    /node_modules[\\/](html-parse-stringify|void-elements|react-i18next[\\/]dist[\\/]es[\\/]Trans)/.test(id)
  )
    return 'common';
  // The boot script (src/boot/, an entry of its own) imports nothing of the app's: it runs as soon
  // as it is there, without waiting for `vendor` (issue 23 item 12).
  if (/\/packages\/web\/src\/boot\//.test(source)) return null;
  if (!library) {
    if (source === '\0virtual:dosedot-texts/en-core') return 'private';
    const info = modules.getModuleInfo(id);
    if (!info || !/\/packages\/(web|domain)\/src\//.test(source)) return null;
    if (isSideNav(id)) return 'sidenav';
    // The phone's menu drawer: a chunk of its own, so that a page loading `menus` (its dialogs) does
    // not load the side menu with it.
    if (isMobileNav(id)) return null;
    if (isLaterShellPart(id, modules)) return 'menus';
    const lazyPart = info.dynamicImporters.length > 0 && !/\/pages\/|\/app\/layouts\//.test(source);
    const later = info.importedIds.some((i) => LATER_PACKAGES.test(i));
    // The texts (texts.ts): each language's groups in chunks of their own, loaded when a page first
    // needs them, but for English's sign-in texts, which come with the app, and English's first
    // screens' texts, which go with the signed-in layouts (above): the dashboard and My Medicine load
    // those anyway, one request less (issue 23 item 12). The parts go with their group's module.
    if (/\/i18n\/(en|de|fr)\/[^/]+\.json$/.test(source) && !inPublicShell(id, modules)) return null;
    if (lazyPart || later) return null;
  }
  if (inPublicShell(id, modules)) {
    // What the dashboard needs too is shared; what only the sign-in's layout and page use (the
    // form library, the inputs, the auth texts) waits in `signin`, which a signed-in page skips.
    if (inSharedShell(id, modules)) return library ? 'vendor' : 'app';
    return 'signin';
  }
  const feature = /\/src\/features\/([^/]+)\//.exec(source)?.[1];
  // A feature's module that only its lazily loaded parts use (the eMediplan dialogs' scanner and file
  // reader, the plans' panels) loads with them, not with the feature's pages.
  if (feature && !library && !onAPage(id, modules)) return null;
  // A feature's modules that use a form library (its forms, and the pages and parts showing them
  // at once) in a chunk of their own: a page of the feature without a form open loads neither it
  // nor `forms` (My Medicine: its add dialog loads when opened, issue 23 item 12).
  if (feature) return usesForms(id, modules) ? `${feature}-forms` : feature;
  // Our shared form modules (lib/form.ts, the shared schemas) go with the form libraries.
  if (!library && usesForms(id, modules)) return 'forms';
  if (!library && inPrivateShell(id, modules)) return 'private';
  if (inDashboard(id, modules)) return 'everyday';
  // What My Medicine's page adds (its icons, the pager, the hooks drawing its parts later): a chunk
  // of its own, so that its first load brings neither the grab bag of `common` nor, through it, the
  // menus and the side menu (issue 23 item 12).
  // What the docked side menu uses as well (the list's icons) goes with the signed-in layouts: the
  // dashboard on a wide screen loads the side menu, and neither loads the other's chunk.
  if (inMyMedicine(id, modules)) return inSideNav(id, modules) ? 'private' : 'mymedicine';
  // What the docked side menu needs (the list, the tooltip and popper) in a chunk of its own: a wide
  // screen loads it at once, a phone with its menu. What the shells' other later parts (the menus'
  // popovers: transitions, the portal, list icons) use as well goes with the signed-in layouts, so
  // that neither `sidenav` nor `menus` loads the other.
  if (inSideNav(id, modules)) return inOtherLaterShell(id, modules) ? 'private' : 'sidenav';
  return inLaterShell(id, modules) ? 'menus' : 'common';
}

/**
 * The installable app (issue 26 items 1-3): the manifest, and the service worker src/sw/sw.ts built
 * with the precache list of the app shell injected. It is registered by lib/pwa.ts once the page has
 * loaded (no inline script: the server's policy allows none). The shell is every script, stylesheet,
 * text catalog and font the pages use, except the libraries only the charts and PDF exports load
 * (fetched when first used, as before); the server sends sw.js with `no-cache`.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: null,
  includeAssets: ['apple-touch-icon-180x180.png'],
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    globIgnores: [
      // pdf.js (the eMediplan import of a PDF page) too: 'pdf' covers its chunk, pdf-pages' and the
      // doctor report's (useless offline without jspdf, which is not kept either); its worker is .mjs.
      '**/{echart,jspdf,html2canvas,purify,index.es,password-dictionary,pdf}*.js',
      // The webfont's rarer scripts: a page in our languages never asks for them.
      '**/inter-{greek,cyrillic,vietnamese}*.woff2',
    ],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  manifest: {
    id: '/',
    name: 'DoseDot',
    short_name: 'DoseDot',
    description: 'Your medicines, your dosage times and what your medicine box saw.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0096c7',
    background_color: '#ffffff',
    categories: ['health', 'medical'],
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
});

/**
 * React Router's own production build. Its package.json points every import at `dist/development`
 * (remix-run/react-router#12532, #14102), whose `ENABLE_DEV_WARNINGS` is on: console warnings and the
 * "Hey developer" element in the default error boundary, shipped to every phone. `dist/production`
 * is the same code with that flag off (1.7 KB smaller minified). The build only: tests and
 * `npm run dev:web` keep the warnings.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = (command: 'build' | 'serve') =>
  command === 'build'
    ? [
        { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
      ]
    : [];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    texts(),
    webfont(path.join(root, 'node_modules/.cache')),
    precompress(),
    pagePreloads(),
    bootScript(),
    inlineFavicon(),
    pwa,
  ],
  resolve: { alias: reactRouterProduction(command) },
  define: { __APP_VERSION__: JSON.stringify(versionText()) },
  // No source maps in the build that `npm start` serves (13 MB, and they give the source away);
  // `npm run dev:web` has them, and WEB_SOURCEMAP=1 npm run build writes them for debugging a build
  // (served outside production only).
  build: {
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // The shell's libraries are one chunk on purpose (few requests on a phone: bench/RESULTS.md); its
    // size is held by the gzip budget of the bench, this only keeps the build quiet.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        boot: path.resolve(import.meta.dirname, BOOT),
      },
      // The domain package declares nothing at load time that a page relies on: a page takes only
      // what it uses of it (chartDayOf without the adherence engine, whose posology pulls zod).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
      },
      output: {
        // The password checker's dictionary (420 KB, the registration and password pages only) by a
        // name of its own, which the service worker's precache leaves out.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /@zxcvbn-ts[\\/]language-common/.test(id))
            ? 'assets/password-dictionary-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          // Highest priority first: a group takes in the modules its own modules import unless an
          // earlier group has them, so the shell's libraries go to vendor, never to a page's chunk.
          groups: CHUNK_KINDS.map((kind, i) => ({
            name: (id: string, modules: Modules) => {
              const chunk = chunkOf(id, modules);
              if (chunk === null) return null;
              const chunkKind = (CHUNK_KINDS as readonly string[]).includes(chunk) ? chunk : 'feature';
              return chunkKind === kind ? chunk : null;
            },
            debugName: kind,
            priority: CHUNK_KINDS.length - i,
          })),
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
}));
