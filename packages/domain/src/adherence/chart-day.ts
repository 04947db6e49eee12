import { DAY_MS, dateOfDayNumber, requireDayNumber } from '../time/dates';
import { instantToWall, wallToInstant } from '../time/local';
import { CHART_DAY_START_MS as START_MS } from './constants';
import type { TimeWindow } from './types';

/*
 * The chart day: chart day D runs from D 03:00 to D+1 03:00 local time, so it lasts 23 or 25 hours
 * on DST days, and a dose or press at 01:00 belongs to the chart day before its calendar date.
 * Boundaries follow the DST rules of time/local.ts (a 03:00 that does not exist moves forward).
 */

const boundary = (dayNumber: number, timezone: string): number =>
  wallToInstant(dayNumber * DAY_MS + START_MS, timezone);

/** The instants [start, end) of chart day `date` in `timezone`. */
export function chartDayWindow(date: string, timezone: string): TimeWindow {
  const n = requireDayNumber(date);
  return { start: boundary(n, timezone), end: boundary(n + 1, timezone) };
}

/**
 * The boundaries of chart days `from` to `to` (both included): N + 1 instants for N days, so day k
 * is [result[k], result[k + 1]).
 */
export function chartDayBoundaries(from: string, to: string, timezone: string): number[] {
  const first = requireDayNumber(from, 'from date');
  const last = requireDayNumber(to, 'to date');
  const boundaries: number[] = [];
  for (let n = first; n <= last + 1; n++) boundaries.push(boundary(n, timezone));
  return boundaries;
}

/** The chart day ('YYYY-MM-DD') an instant belongs to in `timezone`. */
export function chartDayOf(instant: number, timezone: string): string {
  const wall = instantToWall(instant, timezone);
  let n = Math.floor((wall - START_MS) / DAY_MS);
  // The wall clock can repeat across 03:00 in some zones; the windows decide.
  if (instant < boundary(n, timezone)) n--;
  else if (instant >= boundary(n + 1, timezone)) n++;
  return dateOfDayNumber(n);
}

/**
 * Minutes of an instant's local wall clock counted from the midnight that starts its chart day's
 * date, so a chart day reads as one line from 03:00 (180) to 02:59 the next night (1619).
 */
export function chartDayMinutes(instant: number, timezone: string): number {
  const minutes = Math.floor((((instantToWall(instant, timezone) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return minutes < START_MS / 60_000 ? minutes + 1440 : minutes;
}
