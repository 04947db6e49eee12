import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/*
 * The webfont (issue 8: Inter Variable, self-hosted from @fontsource-variable/inter) with a smaller
 * Latin file (issue 23 item 12). Every page's text is Latin (English, German, French), and every
 * signed-in page's head preloads that file beside the scripts: on a phone's slow 4G its 48 KB took
 * bandwidth from the app's code before the first screen. The theme draws weights 400 to 800 only
 * (docs/ui.md), so the build keeps only that part of the weight axis: the same glyphs, the same
 * characters and OpenType features, about a third fewer bytes. The other files (Latin Extended,
 * Greek, Cyrillic, Vietnamese: loaded only when a name needs them) are fontsource's own.
 */

/** The part of Inter's weight axis the theme uses: body 400, labels 500 to 700, the boldest marks 800. */
export const INTER_WEIGHTS = { min: 400, max: 800 } as const;

/** What pages import: the webfont's faces, with the smaller Latin file. */
const WEBFONT_CSS = 'virtual:dosedot-webfont.css';

const LATIN_FILE = 'inter-latin-wght-normal.woff2';
const require = createRequire(import.meta.url);
const fontsourceCss = require.resolve('@fontsource-variable/inter/index.css');
const fontsourceFiles = path.join(path.dirname(fontsourceCss), 'files');

/** fontsource's face of a file: `/* inter-latin-wght-normal *\/ @font-face { … }`. */
function faceOf(css: string, file: string): string {
  const start = css.indexOf(`/* ${file.replace(/\.woff2$/, '')} */`);
  const end = css.indexOf('}', start);
  if (start < 0 || end < 0) throw new Error(`webfont: no face for ${file} in ${fontsourceCss}`);
  return css.slice(start, end + 1);
}

/** The characters of a CSS unicode-range (`U+0000-00FF,U+0131,…`). */
export function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let c = Number.parseInt(from ?? '', 16); c <= Number.parseInt(to ?? '', 16); c++)
      text += String.fromCodePoint(c);
  }
  return text;
}

/** The Latin face's unicode-range, as fontsource declares it. */
export function latinRange(): string {
  const range = /unicode-range:\s*([^;]+);/.exec(
    faceOf(readFileSync(fontsourceCss, 'utf8'), LATIN_FILE),
  )?.[1];
  if (!range) throw new Error('webfont: the Latin face has no unicode-range');
  return range;
}

/** fontsource's Latin file, its weight axis whole. */
export const latinOriginal = (): Buffer => readFileSync(path.join(fontsourceFiles, LATIN_FILE));

/** The Latin file with the weight axis cut to INTER_WEIGHTS, every character of its range kept. */
export function latinSubset(format: 'woff2' | 'sfnt'): Promise<Buffer> {
  return subsetFont(latinOriginal(), charactersOf(latinRange()), {
    targetFormat: format,
    variationAxes: { wght: { ...INTER_WEIGHTS, default: 400 } },
  });
}

/**
 * The faces for WEBFONT_CSS: fontsource's stylesheet, its Latin face pointing at the smaller file,
 * the others at fontsource's files, each declaring the weights the theme uses. Written once per
 * version of fontsource and of this module into node_modules/.cache (the stylesheet beside the
 * Latin file, so that the bundler resolves every url() from it), then read from there.
 */
async function writeWebfont(cacheRoot: string): Promise<string> {
  const css = readFileSync(fontsourceCss, 'utf8');
  const key = createHash('sha256')
    .update(css)
    .update(latinOriginal())
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(cacheRoot, 'dosedot-webfont', key);
  const out = path.join(dir, 'webfont.css');
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, LATIN_FILE), await latinSubset('woff2'));
  const toFontsource = path.relative(dir, fontsourceFiles).split(path.sep).join('/');
  const faces = css
    .replace(`url(./files/${LATIN_FILE})`, `url(./${LATIN_FILE})`)
    .replaceAll('url(./files/', `url(${toFontsource}/`)
    // Every face the same weights: Chromium groups a family's faces by their declared weights and
    // draws a weight from one group only, so a Latin face apart from the others would go unused.
    .replace(/font-weight:\s*[^;]+;/g, `font-weight: ${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max};`);
  writeFileSync(out, faces);
  return out;
}

/** The Vite plugin behind WEBFONT_CSS (build and dev server alike). */
export function webfont(cacheRoot: string): Plugin {
  let written: Promise<string> | undefined;
  return {
    name: 'dosedot-webfont',
    resolveId(id) {
      if (id !== WEBFONT_CSS) return undefined;
      written ??= writeWebfont(cacheRoot);
      return written;
    },
  };
}
