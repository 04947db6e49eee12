import { FONT_FAMILY } from 'virtual:dosedot-webfont';
import { describe, expect, it } from 'vitest';
import { contrast, lightness, oklch, withContrast } from './color';
import { deltaE2000, deltaE2000Lab, simulate, type Vision } from './color-vision';
import { PRIMARY_SWATCHES } from './settings-store';
import {
  AA_GRAPHIC,
  AA_TEXT,
  buildTheme,
  DOT_STATUS_COLORS,
  DOT_STATUSES,
  primaryTokens,
  SURFACES,
  UNMATCHED_PRESS_COLORS,
} from './theme';

const MODES = ['light', 'dark'] as const;
const WHITE = '#ffffff';

/** 300 colours spread over the cube (a fixed sequence, so a failure can be repeated). */
function sampleColours(): string[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % 256;
  };
  return Array.from(
    { length: 300 },
    () => `#${[next(), next(), next()].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
  );
}
const COLOURS = [
  ...PRIMARY_SWATCHES,
  '#ffeb3b',
  '#00ffff',
  '#ffffff',
  '#000000',
  '#777777',
  ...sampleColours(),
];

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('colour arithmetic', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast(WHITE, WHITE)).toBe(1);
    // #767676 is the lightest grey with 4.5:1 on white.
    expect(contrast('#767676', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', WHITE)).toBeLessThan(4.5);
  });

  it('finds the nearest shade with enough contrast, and keeps a colour that has it', () => {
    expect(withContrast('#2e7d32', [WHITE], 4.5)).toBe('#2e7d32');
    const darker = withContrast('#0096c7', [WHITE], 4.5);
    expect(contrast(darker, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(darker, WHITE)).toBeLessThan(4.8);
    const lighter = withContrast('#6a1b9a', [SURFACES.dark.paper], 4.5);
    expect(lightness(lighter)).toBeGreaterThan(lightness('#6a1b9a'));
    expect(contrast(lighter, SURFACES.dark.paper)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('primary colour derivation', () => {
  it('gives the default #0096c7 a darker fill with white text, and keeps it as the accent', () => {
    const light = primaryTokens('#0096c7', 'light');
    expect(light.accent).toBe('#0096c7');
    expect(lightness(light.fill)).toBeLessThan(lightness('#0096c7'));
    expect(contrast(WHITE, light.fill)).toBeGreaterThanOrEqual(AA_TEXT);
    // White on the chosen colour itself would fail: that is why fills take the shade.
    expect(contrast(WHITE, '#0096c7')).toBeLessThan(AA_TEXT);
    const dark = primaryTokens('#0096c7', 'dark');
    expect(dark.fill).toBe(light.fill);
    expect(dark.accent).toBe('#0096c7');
    expect(dark.text).toBe('#0096c7');
  });

  for (const mode of MODES) {
    it(`holds every colour to AA in ${mode} mode: fills, brand surfaces, accents and text`, () => {
      const surfaces = [SURFACES[mode].background, SURFACES[mode].paper];
      for (const chosen of COLOURS) {
        const t = primaryTokens(chosen, mode);
        expect(contrast(t.onFill, t.fill), `${chosen} fill`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrast(t.onFill, t.brand), `${chosen} brand`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrast(t.onSelected, t.selected), `${chosen} selected`).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrast(t.onSelected, t.selectedHover), `${chosen} selected`).toBeGreaterThanOrEqual(AA_TEXT);
        for (const surface of surfaces) {
          expect(contrast(t.accent, surface), `${chosen} accent`).toBeGreaterThanOrEqual(AA_GRAPHIC);
          expect(contrast(t.text, surface), `${chosen} text`).toBeGreaterThanOrEqual(AA_TEXT);
        }
      }
    });

    it(`derives shades of the chosen colour, not other colours, in ${mode} mode`, () => {
      for (const chosen of COLOURS) {
        const t = primaryTokens(chosen, mode);
        // A fill is the colour or darker; the colour itself when white text already passes on it.
        expect(lightness(t.fill)).toBeLessThanOrEqual(lightness(chosen) + 1e-3);
        if (contrast(WHITE, chosen) >= AA_TEXT) expect(t.fill).toBe(chosen);
        const [, chroma, hue] = oklch(chosen);
        if (chroma < 0.06) continue;
        for (const [name, shade] of Object.entries(t)) {
          const [, c, h] = oklch(shade);
          // White text and the tints (the colour laid thinly over the card) are not shades.
          if (['onFill', 'selected', 'selectedHover'].includes(name) || c < 0.03) continue;
          expect(hueDistance(h, hue), `${chosen} ${name} ${shade}`).toBeLessThan(15);
        }
      }
    });
  }
});

describe('the MUI theme', () => {
  for (const mode of MODES) {
    it(`wires the tokens into the palette, the focus ring and the type in ${mode} mode`, () => {
      const theme = buildTheme(mode, '#0096c7');
      const t = primaryTokens('#0096c7', mode);
      expect(theme.palette.mode).toBe(mode);
      expect(theme.palette.primary.main).toBe(t.fill);
      expect(theme.palette.primary.contrastText).toBe(WHITE);
      expect(theme.palette.primary.text).toBe(t.text);
      expect(theme.palette.primary.accent).toBe(t.accent);
      expect(theme.palette.brand.main).toBe(t.brand);
      expect(theme.palette.background.default).toBe(SURFACES[mode].background);
      expect(theme.palette.status).toEqual({
        ...DOT_STATUS_COLORS[mode],
        unmatched: UNMATCHED_PRESS_COLORS[mode],
      });
      expect(theme.focusVisible).toMatchObject({ outlineColor: t.text, outlineWidth: 3 });
      expect(theme.typography.fontFamily).toBe(FONT_FAMILY);
      for (const variant of ['button', 'body1', 'body2', 'caption', 'subtitle1', 'h5', 'h6'] as const) {
        expect(theme.typography[variant].letterSpacing, variant).toBe(0);
      }
      expect(theme.typography.button.textTransform).toBe('none');
    });
  }

  it('keeps every status colour whatever the primary colour (issue 23 item 7)', () => {
    for (const mode of MODES) {
      const status = buildTheme(mode, '#0096c7').palette.status;
      for (const chosen of COLOURS) expect(buildTheme(mode, chosen).palette.status, chosen).toEqual(status);
    }
  });

  it('puts the dark-mode brand panel on a deep shade, not the bright colour', () => {
    const dark = buildTheme('dark', '#0096c7').palette.brand.main;
    expect(lightness(dark)).toBeLessThan(0.36);
    expect(buildTheme('light', '#0096c7').palette.brand.main).toBe(primaryTokens('#0096c7', 'light').fill);
  });
});

describe('CIEDE2000 and the colour-vision simulation', () => {
  it('match the published CIEDE2000 test data (Sharma, Wu & Dalal 2005)', () => {
    const pairs: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
      [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
    ];
    for (const [a, b, expected] of pairs) expect(deltaE2000Lab(a, b)).toBeCloseTo(expected, 3);
  });

  it('lets a classic red/green pair collapse under deuteranopia (the check can fail)', () => {
    expect(deltaE2000('#d62728', '#2ca02c')).toBeGreaterThan(60);
    expect(deltaE2000(simulate('#d62728', 'deuteranopia'), simulate('#2ca02c', 'deuteranopia'))).toBeLessThan(
      10,
    );
    // Blue stays blue for deuteranopes and protanopes.
    expect(simulate('#0000ff', 'deuteranopia')).toMatch(/^#0[0-9a-f]{5}$/);
  });
});

describe('dot-chart status colours', () => {
  const VISIONS: Vision[] = ['normal', 'deuteranopia', 'protanopia', 'tritanopia'];
  const MIN_DELTA_E = 15;

  it('are defined for every status in both modes', () => {
    for (const mode of MODES)
      expect(Object.keys(DOT_STATUS_COLORS[mode]).sort()).toEqual([...DOT_STATUSES].sort());
  });

  for (const mode of MODES) {
    // Every status of the palette, the unmatched press's square included.
    const colours = buildTheme(mode, '#0096c7').palette.status;
    const kinds = Object.keys(colours) as (keyof typeof colours)[];

    it(`stand out from the page and the cards at 3:1 in ${mode} mode`, () => {
      expect(kinds).toContain('unmatched');
      for (const status of kinds) {
        for (const surface of [SURFACES[mode].background, SURFACES[mode].paper]) {
          expect(contrast(colours[status], surface), status).toBeGreaterThanOrEqual(AA_GRAPHIC);
        }
      }
    });

    for (const vision of VISIONS) {
      it(`stay apart pairwise (CIEDE2000 ≥ ${MIN_DELTA_E}) with ${vision} vision in ${mode} mode`, () => {
        for (const [i, a] of kinds.entries()) {
          for (const b of kinds.slice(i + 1)) {
            const d = deltaE2000(simulate(colours[a], vision), simulate(colours[b], vision));
            expect(d, `${a} / ${b}`).toBeGreaterThanOrEqual(MIN_DELTA_E);
          }
        }
      });
    }
  }
});
