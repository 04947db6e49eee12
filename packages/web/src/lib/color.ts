/**
 * Colour arithmetic for the theme (lib/theme.ts): WCAG contrast and shades of one colour that keep
 * its hue (OKLCH lightness), so a chosen primary colour can be darkened for fills or lightened for
 * dark mode without turning into another colour.
 */

export type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{6})$/i;

/** '#0096c7' → [0, 150, 199] (0..255). */
export function parseHex(hex: string): Rgb {
  const m = HEX.exec(hex.trim());
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** [0, 150, 199] → '#0096c7'; channels are rounded and clamped to 0..255. */
export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Each channel of a colour changed by `f`: still three channels. */
export function mapRgb(rgb: Rgb, f: (channel: number) => number): Rgb {
  return [f(rgb[0]), f(rgb[1]), f(rgb[2])];
}

/** sRGB channel 0..255 → linear light 0..1. */
export const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Linear light 0..1 → sRGB channel 0..255. */
export const fromLinear = (l: number) =>
  255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * Math.max(0, l) ** (1 / 2.4) - 0.055);

/** WCAG 2 relative luminance of a colour. */
export function luminance(hex: string): number {
  const [r, g, b] = mapRgb(parseHex(hex), toLinear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// OKLab (Björn Ottosson, 2020): perceptual lightness L 0..1 with hue-stable a/b.
type Lab = [number, number, number];

function hexToOklab(hex: string): Lab {
  const [r, g, b] = mapRgb(parseHex(hex), toLinear);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToLinear([L, a, b]: Lab): Lab {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Lab) => rgb.every((c) => c >= -1e-4 && c <= 1 + 1e-4);

/**
 * The colour at OKLab lightness L with the same hue; the chroma is reduced as far as needed to
 * stay inside sRGB (a light shade of a deep blue cannot keep all its saturation).
 */
function atLightness(lab: Lab, L: number): string {
  // A grey stays grey: the rounding noise of white or black is no hue to keep.
  let [, a, b] = Math.hypot(lab[1], lab[2]) < 0.003 ? [0, 0, 0] : lab;
  for (let i = 0; i < 40; i++) {
    const rgb = oklabToLinear([L, a, b]);
    if (inGamut(rgb)) return toHex(mapRgb(rgb, fromLinear));
    a *= 0.95;
    b *= 0.95;
  }
  return toHex(mapRgb(oklabToLinear([L, 0, 0]), fromLinear));
}

/** OKLCH of a colour: lightness 0..1, chroma (0 for greys) and hue in degrees. */
export function oklch(hex: string): [number, number, number] {
  const [L, a, b] = hexToOklab(hex);
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return [L, Math.hypot(a, b), h < 0 ? h + 360 : h];
}

/** OKLab lightness of a colour, 0 (black) .. 1 (white). */
export const lightness = (hex: string) => hexToOklab(hex)[0];

/** The colour with its OKLab lightness changed by `delta` (negative: darker), hue kept. */
export function shade(hex: string, delta: number): string {
  const lab = hexToOklab(hex);
  return atLightness(lab, Math.min(1, Math.max(0, lab[0] + delta)));
}

/** The colour at the given OKLab lightness, hue kept. */
export function withLightness(hex: string, L: number): string {
  return atLightness(hexToOklab(hex), Math.min(1, Math.max(0, L)));
}

/**
 * The shade of `hex` nearest to it (same hue, only as much darker or lighter as needed) that has at
 * least `min` contrast against every colour of `against`. Darker when the backgrounds are light,
 * lighter when they are dark. The colour itself when it already passes.
 */
export function withContrast(hex: string, against: readonly string[], min: number): string {
  const passes = (c: string) => against.every((bg) => contrast(c, bg) >= min);
  if (passes(hex)) return hex;
  const lab = hexToOklab(hex);
  const darker = against.reduce((sum, bg) => sum + luminance(bg), 0) / against.length > 0.18;
  // Binary search on lightness between the colour and black (or white) for the passing shade nearest to it.
  let near = lab[0];
  let far = darker ? 0 : 1;
  for (let i = 0; i < 30; i++) {
    const mid = (near + far) / 2;
    if (passes(atLightness(lab, mid))) far = mid;
    else near = mid;
  }
  // Rounding to whole channels can cost a hundredth of a ratio: step on until it truly passes.
  let result = atLightness(lab, far);
  for (let L = far; !passes(result) && L >= 0 && L <= 1; L += darker ? -0.002 : 0.002) {
    result = atLightness(lab, L);
  }
  return passes(result) ? result : darker ? '#000000' : '#ffffff';
}

/** `a` laid over `b` with opacity `amount` (0..1) as CSS composites it (in sRGB): a tint's real colour. */
export function blend(a: string, b: string, amount: number): string {
  const [ra, ga, ba] = parseHex(a);
  const [rb, gb, bb] = parseHex(b);
  const m = (x: number, y: number) => x * amount + y * (1 - amount);
  return toHex([m(ra, rb), m(ga, gb), m(ba, bb)]);
}
