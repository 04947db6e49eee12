import {
  FALLBACK_FACES,
  FONT_FAMILY,
  WEBFONT_FACES,
  WEBFONT_FAMILY,
  WEBFONT_WEIGHTS,
} from 'virtual:dosedot-webfont';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

/** The `@font-face` rules of a stylesheet, each as its descriptors. */
const facesOf = (css: string) =>
  [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) =>
    Object.fromEntries(
      body
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
    ),
  );

describe('the fonts shown until the webfont has loaded (webfont.ts fontStack, issue 23 item 12)', () => {
  const families = FONT_FAMILY.split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
  const faces = facesOf(FALLBACK_FACES);

  it('names the webfont first, then a fallback face for each platform, then the platform fonts', () => {
    expect(families[0]).toBe(WEBFONT_FAMILY);
    expect(faces.map((f) => f['font-family']?.replace(/"/g, ''))).toEqual([
      `${WEBFONT_FAMILY} Fallback: Roboto`,
      `${WEBFONT_FAMILY} Fallback: Helvetica Neue`,
      `${WEBFONT_FAMILY} Fallback: Arial`,
    ]);
    // Each before the platform's own font, which would otherwise be drawn unscaled.
    for (const [i, face] of faces.entries())
      expect(families.indexOf(face['font-family']?.replace(/"/g, '') ?? '')).toBe(i + 1);
    expect(families.at(-1)).toBe('sans-serif');
  });

  it("draws local fonts only, scaled to Inter's average width and vertical metrics", () => {
    for (const face of faces) {
      expect(face.src).toMatch(/^local\(/);
      expect(face.src).not.toContain('url(');
      // Inter is wider than each of them: they are drawn larger, with Inter's ascent and descent.
      expect(Number.parseFloat(face['size-adjust'] ?? '')).toBeGreaterThan(100);
      expect(face['ascent-override']).toMatch(/%$/);
      expect(face['descent-override']).toMatch(/%$/);
    }
    // Linux has Arial's metric twin: the same scaling.
    expect(faces[2]?.src).toContain("local('Liberation Sans')");
  });

  it("is in every page's baseline styles, with the theme's font", () => {
    const theme = buildTheme('light', '#0096c7');
    expect(theme.typography.fontFamily).toBe(FONT_FAMILY);
    const overrides = theme.components?.MuiCssBaseline?.styleOverrides;
    const styles = typeof overrides === 'function' ? overrides(theme) : overrides;
    expect(JSON.stringify(styles)).toContain(JSON.stringify(FALLBACK_FACES).slice(1, -1));
  });

  it("adds the webfont's own faces: the smaller Latin file first, then fontsource's other scripts", () => {
    expect(WEBFONT_WEIGHTS).toBe('400 800');
    expect(WEBFONT_FACES[0]?.url).toMatch(/inter-latin-wght-normal\.woff2/);
    expect(WEBFONT_FACES[0]?.url).toMatch(/node_modules\/\.cache\/dosedot-webfont\//);
    for (const script of ['latin-ext', 'cyrillic', 'greek', 'vietnamese'])
      expect(
        WEBFONT_FACES.some((f) => f.url.includes(`inter-${script}-wght-normal`)),
        script,
      ).toBe(true);
    for (const face of WEBFONT_FACES) expect(face.unicodeRange).toMatch(/^U\+[0-9A-F]/i);
  });
});
