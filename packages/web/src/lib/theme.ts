import { FALLBACK_FACES, FONT_FAMILY } from 'virtual:dosedot-webfont';
import type { DotStatus } from '@dosedot/domain/adherence';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { blend, lightness, shade, withContrast, withLightness } from './color';
import type { ThemeMode } from './settings-store';

/*
 * DoseDot's design tokens, the one place for colours, type and shapes (docs/ui.md shows them).
 * Pages use them through the MUI theme: `sx={{ color: 'primary.text' }}`, `bgcolor: 'status.missed'`,
 * never with a colour of their own.
 */

const WHITE = '#ffffff';

/** The page, the cards on it, text and lines, per mode. */
export const SURFACES = {
  light: {
    background: '#f4f6f9',
    paper: '#ffffff',
    text: '#1a2027',
    textSecondary: '#4f5a66',
    divider: '#dfe4ea',
  },
  dark: {
    background: '#0f1316',
    paper: '#181d22',
    text: '#e9ecef',
    textSecondary: '#a9b3bd',
    divider: '#2d353d',
  },
} as const satisfies Record<ThemeMode, Record<string, string>>;

/** WCAG AA: text 4.5:1, large text and the marks of controls and charts 3:1. */
export const AA_TEXT = 4.5;
export const AA_GRAPHIC = 3;

export interface PrimaryTokens {
  /** The colour as chosen in the settings. */
  chosen: string;
  /** Filled surfaces (contained buttons, the settings button, chips): white text on it at 4.5:1 or more. */
  fill: string;
  /** The fill when hovered or pressed. */
  fillHover: string;
  /** Text and icons on a fill. */
  onFill: string;
  /** Marks on the page: focus ring, tab indicator, progress, checked boxes, the logo; 3:1 on the page. */
  accent: string;
  /** Primary-coloured text on the page: links, text buttons, the selected tab; 4.5:1 on the page. */
  text: string;
  /** The brand panel of sign-in and the privacy bar: the fill in light mode, a deep shade in dark mode. */
  brand: string;
  /** The tint behind a selected entry (the side menu's current page), and the same when hovered. */
  selected: string;
  selectedHover: string;
  /** Text and icons on that tint: 4.5:1 on both. */
  onSelected: string;
}

/**
 * The chosen primary colour run through the one derivation, for a mode: a darker shade of it for
 * fills, so white text passes AA; the colour itself for accents where it passes on the page (else
 * the nearest shade that does), and for text the nearest shade with 4.5:1 on the page and cards.
 */
export function primaryTokens(chosen: string, mode: ThemeMode): PrimaryTokens {
  const surfaces = [SURFACES[mode].background, SURFACES[mode].paper];
  const fill = withContrast(chosen, [WHITE], AA_TEXT);
  // In dark mode the brand surfaces are a deep shade of the colour beside the near-black page.
  const deep = withLightness(chosen, Math.min(lightness(chosen), 0.34));
  const accent = withContrast(chosen, surfaces, AA_GRAPHIC);
  const text = withContrast(chosen, surfaces, AA_TEXT);
  const selected = blend(accent, SURFACES[mode].paper, mode === 'light' ? 0.12 : 0.2);
  const selectedHover = blend(accent, SURFACES[mode].paper, mode === 'light' ? 0.18 : 0.28);
  return {
    chosen,
    fill,
    // Hover goes darker, or lighter where the fill is nearly black already.
    fillHover: shade(fill, lightness(fill) < 0.3 ? 0.12 : -0.07),
    onFill: WHITE,
    accent,
    text,
    brand: mode === 'light' ? fill : withContrast(deep, [WHITE], 7),
    selected,
    selectedHover,
    onSelected: withContrast(text, [selected, selectedHover], AA_TEXT),
  };
}

/**
 * The dot chart's statuses (the domain's `DotStatus`, given by `dotStatusOf`): the closeness bands of
 * a dose the box took, confirmed by hand, missed, pending and not tracked (before DoseDot tracked it).
 */
export const DOT_STATUSES: readonly DotStatus[] = [
  'on_time',
  'about_1h',
  'over_2h',
  'by_hand',
  'missed',
  'pending',
  'not_tracked',
];

/**
 * The dot chart's colours, per mode. Chosen so every pair stays apart (CIEDE2000 ≥ 15) for normal
 * vision and under simulated deuteranopia, protanopia and tritanopia, and every colour has 3:1 on
 * the page and the cards (lib/theme.test.ts checks both). Green-teal, amber, rust, wine and grey
 * keep the usual meaning (good → late → missed); the StatusDot also gives missed and pending their
 * own shape, so colour is never the only cue.
 */
export const DOT_STATUS_COLORS: Record<ThemeMode, Record<DotStatus, string>> = {
  light: {
    on_time: '#1c745e',
    about_1h: '#c47d04',
    over_2h: '#a33f11',
    missed: '#5e0b45',
    pending: '#868d97',
    // Confirmed by hand (issue 23): violet; not tracked: a dark neutral, apart from pending's grey.
    by_hand: '#aa66ff',
    not_tracked: '#333322',
  },
  dark: {
    on_time: '#6ed4b0',
    about_1h: '#fbd33d',
    over_2h: '#e03f0e',
    missed: '#e667bf',
    pending: '#6b6e6f',
    by_hand: '#aa33bb',
    not_tracked: '#669977',
  },
};

/**
 * A box press that matched no dose (drawn as a square): a status marker like the others, so a colour
 * of its own that never follows the chosen primary colour (issue 23 item 7). Indigo in light mode, a
 * pale periwinkle in dark mode: apart from every status colour (CIEDE2000 ≥ 15 in all four visions)
 * and 3:1 on the page and the cards (lib/theme.test.ts).
 */
export const UNMATCHED_PRESS_COLORS: Record<ThemeMode, string> = { light: '#5010d0', dark: '#d8e0f8' };

/** Width of the side menu and of the content column every page shares. */
export const LAYOUT = { drawerWidth: 280, contentMaxWidth: 1200 } as const;

declare module '@mui/material/styles' {
  interface PaletteColor {
    accent?: string;
    text?: string;
  }
  interface SimplePaletteColorOptions {
    accent?: string;
    text?: string;
  }
  interface Palette {
    brand: Palette['primary'];
    /** The dot chart's status colours and the unmatched press's: design tokens, never the primary. */
    status: Record<DotStatus | 'unmatched', string>;
  }
  interface PaletteOptions {
    brand?: PaletteOptions['primary'];
    status?: Record<DotStatus | 'unmatched', string>;
  }
}

declare module '@mui/material/AppBar' {
  interface AppBarPropsColorOverrides {
    brand: true;
  }
}

/** The MUI theme of the settings: light or dark and the chosen primary colour. */
export function buildTheme(mode: ThemeMode, chosen: string): Theme {
  const s = SURFACES[mode];
  const p = primaryTokens(chosen, mode);
  return createTheme({
    palette: {
      mode,
      primary: {
        main: p.fill,
        dark: p.fillHover,
        light: p.accent,
        contrastText: p.onFill,
        accent: p.accent,
        text: p.text,
      },
      brand: { main: p.brand, dark: p.brand, light: p.accent, contrastText: p.onFill },
      status: { ...DOT_STATUS_COLORS[mode], unmatched: UNMATCHED_PRESS_COLORS[mode] },
      background: { default: s.background, paper: s.paper },
      text: { primary: s.text, secondary: s.textSecondary },
      divider: s.divider,
      contrastThreshold: AA_TEXT,
    },
    shape: { borderRadius: 12 },
    // One ring for every control: 3 px in the primary text colour, 2 px off the control.
    focusVisible: { outlineColor: p.text, outlineWidth: 3, outlineOffset: 2 },
    typography: {
      fontFamily: FONT_FAMILY,
      // No letter-spacing on mixed-case text; headings a hair tighter, as Inter wants at large sizes.
      h1: { fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, letterSpacing: '-0.015em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25, letterSpacing: '-0.01em' },
      h5: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3, letterSpacing: 0 },
      h6: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4, letterSpacing: 0 },
      subtitle1: { fontWeight: 600, letterSpacing: 0 },
      subtitle2: { fontSize: '0.9375rem', fontWeight: 600, letterSpacing: 0 },
      body1: { lineHeight: 1.55, letterSpacing: 0 },
      body2: { fontSize: '0.9375rem', lineHeight: 1.5, letterSpacing: 0 },
      button: { textTransform: 'none', fontWeight: 600, fontSize: '0.9375rem', letterSpacing: 0 },
      caption: { fontSize: '0.8125rem', lineHeight: 1.45, letterSpacing: 0 },
      overline: { fontWeight: 600, letterSpacing: '0.08em', lineHeight: 2 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: () => [
          {
            body: { fontFeatureSettings: '"cv11"', WebkitFontSmoothing: 'antialiased' },
            // Headings never leave one word on a line of its own; paragraphs avoid it.
            'h1, h2, h3': { textWrap: 'balance' },
            p: { textWrap: 'pretty' },
          },
          // What the text is drawn in until the webfont has loaded, made to its metrics.
          FALLBACK_FACES,
        ],
      },
      // Flat surfaces in dark mode too: cards are told from the page by their tone and border.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiPopover: { styleOverrides: { paper: { border: `1px solid ${s.divider}` } } },
      MuiMenu: { styleOverrides: { paper: { border: `1px solid ${s.divider}` } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiDrawer: { styleOverrides: { paper: { borderColor: s.divider } } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Every tap target at least 44 px high on a phone (issue 23 item 11); large ones 48.
        styleOverrides: { root: { minHeight: 44 }, sizeLarge: { minHeight: 48 } },
        variants: [
          {
            props: { color: 'primary' },
            style: {
              '--variant-textColor': p.text,
              '--variant-outlinedColor': p.text,
              '--variant-outlinedBorder': alpha(p.accent, 0.6),
              '&:hover': {
                '--variant-textBg': alpha(p.accent, 0.08),
                '--variant-outlinedBg': alpha(p.accent, 0.08),
                '--variant-outlinedBorder': p.accent,
              },
            },
          },
        ],
      },
      MuiIconButton: {
        styleOverrides: { root: { minWidth: 44, minHeight: 44 } },
        variants: [{ props: { color: 'primary' }, style: { color: p.text } }],
      },
      MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
      MuiSvgIcon: { variants: [{ props: { color: 'primary' }, style: { color: p.accent } }] },
      MuiTypography: { variants: [{ props: { color: 'primary' }, style: { color: p.text } }] },
      MuiLink: {
        styleOverrides: { root: { color: p.text, textDecorationColor: alpha(p.text, 0.45) } },
      },
      MuiTabs: {
        styleOverrides: {
          indicator: { backgroundColor: p.accent, height: 3, borderRadius: 3 },
        },
      },
      MuiTab: {
        styleOverrides: {
          root: {
            minHeight: 48,
            letterSpacing: 0,
            color: s.textSecondary,
            '&.Mui-selected': { color: p.text },
          },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            '&.Mui-selected': {
              backgroundColor: p.selected,
              color: p.onSelected,
              '& .MuiListItemIcon-root': { color: p.onSelected },
              '&:hover, &.Mui-focusVisible': { backgroundColor: p.selectedHover },
            },
          },
        },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: p.text } } } },
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: p.text } } } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            // A small field is still a 44 px tap target (23 px of text and 2 × 10.5 px).
            '&.MuiInputBase-sizeSmall .MuiOutlinedInput-input': { paddingTop: 10.5, paddingBottom: 10.5 },
            '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
              borderColor: p.text,
              borderWidth: 2,
            },
          },
        },
      },
      MuiCheckbox: {
        styleOverrides: {
          root: { padding: 10, '&.Mui-checked.MuiCheckbox-colorPrimary': { color: p.accent } },
        },
      },
      MuiRadio: {
        styleOverrides: { root: { padding: 10, '&.Mui-checked.MuiRadio-colorPrimary': { color: p.accent } } },
      },
      MuiSwitch: {
        styleOverrides: {
          // 44 px tap target: the thumb (20 px) with 12 px around it; the track as before.
          root: { width: 64, height: 44, padding: 15 },
          switchBase: {
            padding: 12,
            '&.Mui-checked.MuiSwitch-colorPrimary': { color: p.accent },
            '&.Mui-checked.MuiSwitch-colorPrimary + .MuiSwitch-track': { backgroundColor: p.accent },
          },
        },
      },
      MuiCircularProgress: { styleOverrides: { colorPrimary: { color: p.accent } } },
      MuiLinearProgress: {
        styleOverrides: {
          colorPrimary: {
            backgroundColor: alpha(p.accent, 0.24),
            '& .MuiLinearProgress-bar': { backgroundColor: p.accent },
          },
        },
      },
      MuiChip: {
        variants: [
          {
            props: { variant: 'outlined', color: 'primary' },
            style: { color: p.text, borderColor: alpha(p.accent, 0.6) },
          },
        ],
      },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.8125rem' } } },
      MuiTableCell: {
        styleOverrides: {
          root: { borderColor: s.divider },
          head: { fontWeight: 600, color: s.textSecondary },
        },
      },
    },
  });
}
