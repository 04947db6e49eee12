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
 * The theme's dot-chart status colour (palette.status); a press without a dose, which has no status
 * of its own, takes the primary colour and is drawn as a square.
 */
export const dotColor = (theme: Theme, kind: DotKind): string =>
  kind === 'unmatched' ? theme.palette.primary.main : theme.palette.status[kind];

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
