import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import helveticaNeue from '@capsizecss/metrics/helveticaNeue';
import inter from '@capsizecss/metrics/inter';
import roboto from '@capsizecss/metrics/roboto';

/*
 * The theme's fonts: the webfont (lib/webfont.ts), and what the text is drawn in until it has loaded
 * on a first visit. Those are the fonts the device has (Roboto on Android, Helvetica Neue on Apple's,
 * Arial on Windows, and Liberation Sans, Arial's metric twin, on Linux) scaled to Inter's metrics by
 * Capsize (size-adjust to its average character width, and its ascent, descent and line gap), so that
 * a line takes about the same room in both and the page does not move when Inter swaps in (without
 * them, Lighthouse measured a layout shift of 0.14 on My Medicine; issue 23 item 12).
 */

/** The webfont's family (webfont.ts, @fontsource-variable/inter). */
export const WEBFONT_FAMILY = 'Inter Variable';

const stack = createFontStack([{ ...inter, familyName: WEBFONT_FAMILY }, roboto, helveticaNeue, arial]);

/** The fallback faces' `@font-face` rules (local fonts only: nothing is downloaded for them). */
export const FALLBACK_FACES = stack.fontFaces.replace(
  /(src: local\('Arial'\), local\('ArialMT'\))/,
  "$1, local('Liberation Sans')",
);

/** The webfont, its metric-matched fallbacks, then the platform's own fonts. */
export const FONT_FAMILY = `${stack.fontFamily}, system-ui, -apple-system, "Segoe UI", sans-serif`;
