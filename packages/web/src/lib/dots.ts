import type { IntakeEntry } from '@dosedot/domain';
import type { Theme } from '@mui/material/styles';

/*
 * What a dot of the charts stands for (ARCHITECTURE section 4): a taken intake by its closeness band,
 * a missed or pending intake, or a press that matched no intake. Colours come from the theme's
 * status colours, so they follow light and dark; each kind also has its own shape, so colour is
 * never the only cue.
 */
export const DOT_KINDS = ['on_time', 'about_1h', 'over_2h', 'missed', 'pending', 'unmatched'] as const;
export type DotKind = (typeof DOT_KINDS)[number];

export const dotKindOf = (intake: Pick<IntakeEntry, 'status' | 'band'>): DotKind =>
  intake.status === 'taken' ? (intake.band ?? 'on_time') : intake.status;

/** Used until the theme carries the status colours (palette.status, lib/theme.ts). */
const FALLBACK: Record<'light' | 'dark', Record<Exclude<DotKind, 'unmatched'>, string>> = {
  light: {
    on_time: '#1c745e',
    about_1h: '#c47d04',
    over_2h: '#a33f11',
    missed: '#5e0b45',
    pending: '#868d97',
  },
  dark: {
    on_time: '#6ed4b0',
    about_1h: '#fbd33d',
    over_2h: '#e03f0e',
    missed: '#e667bf',
    pending: '#6b6e6f',
  },
};

/**
 * The theme's dot-chart status colours (palette.status); a press without a dose, which has no
 * status of its own, takes the primary colour and is drawn as a square.
 */
export function dotColor(theme: Theme, kind: DotKind): string {
  if (kind === 'unmatched') return theme.palette.primary.main;
  const status = (theme.palette as { status?: Partial<Record<DotKind, string>> }).status;
  return status?.[kind] ?? FALLBACK[theme.palette.mode][kind];
}

/** ECharts symbols; the legend draws the same shapes. */
export const DOT_SYMBOLS: Record<DotKind, string> = {
  on_time: 'circle',
  about_1h: 'triangle',
  over_2h: 'diamond',
  missed: 'circle',
  pending: 'circle',
  unmatched: 'rect',
};

/** Filled shapes; missed and pending are drawn as rings. */
export const isHollow = (kind: DotKind) => kind === 'missed' || kind === 'pending';
