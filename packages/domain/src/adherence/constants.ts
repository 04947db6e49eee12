/** Presses at most this long after the first press of a group are one press (spec: one minute). */
export const MERGE_WINDOW_MS = 60_000;
/** A press and an intake pair only when they are at most this far apart, before or after. */
export const MATCH_WINDOW_MS = 4 * 3_600_000;
/** |Δ| up to this is 'on_time' (spec: 30 minutes before to 30 minutes after). */
export const ON_TIME_MS = 30 * 60_000;
/** |Δ| up to this (and over ON_TIME_MS) is 'about_1h'; beyond it 'over_2h'. */
export const ABOUT_1H_MS = 2 * 3_600_000;
/** Chart day D runs from D at this local time to D+1 at this local time. */
export const CHART_DAY_START = '03:00';
/** CHART_DAY_START in milliseconds after local midnight. */
export const CHART_DAY_START_MS = 3 * 3_600_000;
