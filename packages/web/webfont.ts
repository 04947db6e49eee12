import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import helveticaNeue from '@capsizecss/metrics/helveticaNeue';
import inter from '@capsizecss/metrics/inter';
import roboto from '@capsizecss/metrics/roboto';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/*
 * The webfont (issue 8: Inter Variable, self-hosted from @fontsource-variable/inter) with a smaller
 * Latin file (issue 23 item 12). Every page's text is Latin (English, German, French). The theme
 * draws weights 400 to 800 only (docs/ui.md), so the build keeps only that part of the weight axis:
 * the same glyphs, the same characters and OpenType features, about a third fewer bytes. The other
 * files (Latin Extended, Greek, Cyrillic, Vietnamese: loaded only when a name needs them) are
 * fontsource's own. The page asks for the faces itself (src/lib/webfont.ts): on a phone's first
 * visit once its first screen has painted, so that on slow 4G the font's bytes are not taken from
 * the app's code before it.
 */

/** The part of Inter's weight axis the theme uses: body 400, labels 500 to 700, the boldest marks 800. */
export const INTER_WEIGHTS = { min: 400, max: 800 } as const;

/**
 * What the app imports (src/lib/webfont.ts): the webfont's faces, with the smaller Latin file, as
 * data, which the page adds to its fonts (FontFace) when it chooses, instead of a stylesheet's
 * `@font-face` rules, which a page asks for as soon as it lays out its first text.
 */
const WEBFONT_MODULE = 'virtual:dosedot-webfont';
const RESOLVED = `\0${WEBFONT_MODULE}`;

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

/** The webfont's family (fontsource's). */
const WEBFONT_FAMILY = 'Inter Variable';

/**
 * What the text is drawn in until the webfont has loaded on a first visit: the fonts the device has
 * (Roboto on Android, Helvetica Neue on Apple's, Arial on Windows, and Liberation Sans, Arial's
 * metric twin, on Linux) scaled to Inter's metrics by Capsize (size-adjust to its average character
 * width, and its ascent, descent and line gap), so that a line takes about the same room in both and
 * the page does not move when Inter swaps in (without them, Lighthouse measured a layout shift of
 * 0.14 on My Medicine; issue 23 item 12). Computed here, at build time: the app gets the rules and
 * the stack, not Capsize and its metrics.
 */
export function fontStack(): { fallbackFaces: string; fontFamily: string } {
  const stack = createFontStack([{ ...inter, familyName: WEBFONT_FAMILY }, roboto, helveticaNeue, arial]);
  const arialSource = "src: local('Arial'), local('ArialMT')";
  if (!stack.fontFaces.includes(arialSource)) throw new Error('webfont: no Arial fallback face to extend');
  return {
    // Local fonts only: nothing is downloaded for them.
    fallbackFaces: stack.fontFaces.replace(arialSource, `${arialSource}, local('Liberation Sans')`),
    // The webfont, its metric-matched fallbacks, then the platform's own fonts.
    fontFamily: `${stack.fontFamily}, system-ui, -apple-system, "Segoe UI", sans-serif`,
  };
}

/** A face of the webfont: its file (an absolute path, emitted by the build) and its characters. */
export interface WebfontFile {
  file: string;
  unicodeRange: string;
}

/**
 * The webfont's faces, one per file of fontsource's stylesheet: the Latin one pointing at the smaller
 * file, written once per version of fontsource and of this module into node_modules/.cache, the
 * others at fontsource's files.
 */
async function writeWebfont(cacheRoot: string): Promise<WebfontFile[]> {
  const css = readFileSync(fontsourceCss, 'utf8');
  const key = createHash('sha256')
    .update(css)
    .update(latinOriginal())
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(cacheRoot, 'dosedot-webfont', key);
  const latin = path.join(dir, LATIN_FILE);
  if (!existsSync(latin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(latin, await latinSubset('woff2'));
  }
  const faces: WebfontFile[] = [];
  for (const m of css.matchAll(/url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range:\s*([^;]+);/g)) {
    const [, file = '', unicodeRange = ''] = m;
    faces.push({ file: file === LATIN_FILE ? latin : path.join(fontsourceFiles, file), unicodeRange });
  }
  if (!faces.some((f) => f.file === latin)) throw new Error(`webfont: no Latin face in ${fontsourceCss}`);
  return faces;
}

/**
 * The module behind WEBFONT_MODULE: each face's URL in the build (`?url&no-inline`: a file of its
 * own, hashed) and characters, the Latin face first; the fallback faces and the theme's font stack. Every face is added with the same weights
 * (WEBFONT_WEIGHTS): Chromium groups a family's faces by their declared weights and draws a weight
 * from one group only, so a Latin face apart from the others would go unused.
 */
function webfontModule(faces: WebfontFile[]): string {
  const ordered = [...faces].sort(
    (a, b) => Number(b.file.endsWith(LATIN_FILE)) - Number(a.file.endsWith(LATIN_FILE)),
  );
  const imports = ordered.map((f, i) => `import face${i} from ${JSON.stringify(`${f.file}?url&no-inline`)};`);
  const list = ordered.map((f, i) => `  { url: face${i}, unicodeRange: ${JSON.stringify(f.unicodeRange)} },`);
  const { fallbackFaces, fontFamily } = fontStack();
  return [
    ...imports,
    `export const WEBFONT_FAMILY = ${JSON.stringify(WEBFONT_FAMILY)};`,
    `export const WEBFONT_WEIGHTS = '${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max}';`,
    `export const WEBFONT_FACES = [\n${list.join('\n')}\n];`,
    `export const FALLBACK_FACES = ${JSON.stringify(fallbackFaces)};`,
    `export const FONT_FAMILY = ${JSON.stringify(fontFamily)};`,
    '',
  ].join('\n');
}

/** The Vite plugin behind WEBFONT_MODULE (build and dev server alike). */
export function webfont(cacheRoot: string): Plugin {
  let written: Promise<WebfontFile[]> | undefined;
  return {
    name: 'dosedot-webfont',
    resolveId(id) {
      return id === WEBFONT_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      written ??= writeWebfont(cacheRoot);
      return webfontModule(await written);
    },
  };
}
