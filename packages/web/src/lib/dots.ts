import type { DotStatus } from '@dosedot/domain/adherence';
import type { Theme } from '@mui/material/styles';
import { DOT_STATUSES } from './theme';

/*
 * What a dot of the charts stands for (ARCHITECTURE section 4): a dose's status (the domain's
 * `dotStatusOf`: its band when taken, else missed or pending), or a press that matched no dose.
 * Colours are the theme's status tokens (palette.status), so they follow light and dark; each kind
 * also has its own shape, so colour is never the only cue.
 */
export const DOT_KINDS = [...DOT_STATUSES, 'unmatched'] as const;
export type DotKind = DotStatus | 'unmatched';

/**
 * The theme's dot-chart colour (palette.status), a design token of its own for every kind: a press
 * without a dose too (drawn as a square). Never the primary colour, which the user may choose.
 */
export const dotColor = (theme: Theme, kind: DotKind): string => theme.palette.status[kind];

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
