import { localClock, NOTIFY_WITHIN_MS } from './due';

/*
 * Which patients a scheduler tick needs to work out (decision 0015, its cost): only those with a
 * dosage time whose last occurrence lies within NOTIFY_WITHIN_MS of now, since nothing is sent about
 * an older dose and nothing before a dose's time. The tick asks the database for the distinct
 * (time zone, dosage time) pairs of the enabled patients, keeps the pairs this function names, and
 * works out only the patients with one of them: at 100,000 patients with their doses in the next
 * hour, none.
 */

/** An hour more on the early side: a DST change may make the last hours 5 or 7 on the clock. */
const MARGIN_MS = 3_600_000;

/** A pair's key, as the tick's query compares it: 'Europe/Berlin|08:00:00.000'. */
export const clockKey = (timezone: string, dosageTime: string): string => `${timezone}|${dosageTime}`;

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The (time zone, dosage time) pairs whose local time came round within the last NOTIFY_WITHIN_MS
 * (and an hour) up to `now`, as keys. Dosage times are 'HH:MM' or the API form 'HH:MM:SS.sss'.
 */
export function clocksNear(
  pairs: readonly { timezone: string; dosage_time: string }[],
  now: number,
): string[] {
  const windows = new Map<string, [number, number]>();
  const near: string[] = [];
  for (const { timezone, dosage_time } of pairs) {
    let w = windows.get(timezone);
    if (!w) {
      w = [
        minutesOf(localClock(now - NOTIFY_WITHIN_MS - MARGIN_MS, timezone)),
        minutesOf(localClock(now, timezone)),
      ];
      windows.set(timezone, w);
    }
    const [from, to] = w;
    const t = minutesOf(dosage_time);
    // The window may run over midnight (from > to).
    if (from <= to ? t >= from && t <= to : t >= from || t <= to) near.push(clockKey(timezone, dosage_time));
  }
  return near;
}
