import { DAY_MS, dateOfDayNumber, requireDayNumber } from './dates';
import { msOfDay, parseWallTime } from './wall-time';
import { offsetMinutes } from './zone';

/*
 * Local wall-clock dates and times in an IANA zone, and the UTC instants (epoch ms) they name.
 *
 * DST rules (ARCHITECTURE section 4):
 * - a local time that does not exist (spring gap) moves forward by the gap: 02:30 on the Berlin
 *   spring-forward day is 03:30 CEST;
 * - an ambiguous local time (autumn repeat) is the earlier of its two instants: 02:30 on the Berlin
 *   fall-back day is 02:30 CEST, not 02:30 CET.
 */

const MINUTE = 60_000;

/** The instant at which local wall time `localMs` (the wall time read as if it were UTC) occurs. */
export function wallToInstant(localMs: number, zone: string): number {
  const before = offsetMinutes(zone, localMs - DAY_MS);
  const after = offsetMinutes(zone, localMs + DAY_MS);
  if (before === after && offsetMinutes(zone, localMs - before * MINUTE) === before) {
    return localMs - before * MINUTE;
  }
  const candidates = [before, after, offsetMinutes(zone, localMs)];
  let earliest = Number.POSITIVE_INFINITY;
  for (const offset of candidates) {
    const instant = localMs - offset * MINUTE;
    if (offsetMinutes(zone, instant) === offset && instant < earliest) earliest = instant;
  }
  if (earliest !== Number.POSITIVE_INFINITY) return earliest;
  // A gap: read the wall time with the offset in force before the jump, which lands past the gap.
  const largest = Math.max(...candidates);
  const offsetBefore = offsetMinutes(zone, localMs - largest * MINUTE);
  return localMs - offsetBefore * MINUTE;
}

/**
 * The UTC instant (epoch ms) of local `date` ('YYYY-MM-DD') at `time` ('HH:MM', 'HH:MM:SS' or
 * 'HH:MM:SS.sss') in `zone`, with the DST rules above. Throws a RangeError on a bad date, time or zone.
 */
export function localToUtc(date: string, time: string, zone: string): number {
  const wall = parseWallTime(time);
  if (!wall) throw new RangeError(`Invalid time '${time}', expected HH:MM or HH:MM:SS.sss`);
  return wallToInstant(requireDayNumber(date) * DAY_MS + msOfDay(wall), zone);
}

/** The local wall time of an instant, read as if it were UTC (epoch ms of the wall clock). */
export const instantToWall = (instant: number, zone: string): number =>
  instant + offsetMinutes(zone, instant) * MINUTE;

/** The local date ('YYYY-MM-DD') of an instant in `zone`. */
export const localDateOf = (instant: number, zone: string): string =>
  dateOfDayNumber(Math.floor(instantToWall(instant, zone) / DAY_MS));

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/**
 * An instant as local ISO 8601 text with its offset, '2025-03-30T03:30:00.000+02:00': for logs,
 * tests and display code that wants the wall clock and the offset together.
 */
export function toLocalIso(instant: number, zone: string): string {
  const offset = offsetMinutes(zone, instant);
  const wall = new Date(instant + offset * MINUTE).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${pad(Math.trunc(offset / 60))}:${pad(Math.round(offset % 60))}`;
}
