import type { DotStatus } from '@dosedot/domain/adherence';
import type { Theme } from '@mui/material/styles';
import { DOT_STATUSES } from './theme';

/*
 * What a dot of the charts stands for (ARCHITECTURE section 4): a dose's status (the domain's
 * `dotStatusOf`: its band when taken, else missed or pending), or a press that matched no dose.
 * Colours are the theme's status tokens (palette.status), so they follow light and dark; each kind
 * also has its own shape, so colour is never the only cue.
 */
export const DOT_KINDS = [...DOT_STATUSES, 'unmatched', 'manual'] as const;
/** A dose's status, a press that matched no dose, or an as-needed intake entered by hand ('manual'). */
export type DotKind = DotStatus | 'unmatched' | 'manual';

/**
 * The theme's dot-chart colour (palette.status), a design token of its own for every kind: a press
 * without a dose too (drawn as a square). Never the primary colour, which the user may choose.
 */
export const dotColor = (theme: Theme, kind: DotKind): string =>
  theme.palette.status[kind === 'manual' ? 'by_hand' : kind];

/** ECharts symbols; the legend draws the same shapes. */
export const DOT_SYMBOLS: Record<DotKind, string> = {
  on_time: 'circle',
  about_1h: 'triangle',
  over_2h: 'diamond',
  missed: 'circle',
  pending: 'circle',
  unmatched: 'rect',
  // Entered by hand, never a box press's square: a plus for a confirmed dose, a star for an
  // as-needed intake; not tracked is a dash (nothing known).
  by_hand: 'path://M4,0H8V4H12V8H8V12H4V8H0V4H4Z',
  manual: 'path://M6,0.5 7.6,4.3 11.7,4.6 8.6,7.3 9.5,11.3 6,9.2 2.5,11.3 3.4,7.3 0.3,4.6 4.4,4.3Z',
  not_tracked: 'path://M0,4.5H12V7.5H0Z',
};

/** Filled shapes; missed and pending are drawn as rings. */
export const isHollow = (kind: DotKind) => kind === 'missed' || kind === 'pending';
