import {
  addDays,
  DAY_MS,
  instantToWall,
  isKnownZone,
  localToUtc,
  requireDayNumber,
} from '@dosedot/domain/time';
import { fieldError } from '../../lib/errors';

/**
 * The wall clock a caller reads times in: a fixed UTC offset (as JavaScript's getTimezoneOffset
 * gives it, or '+01:00') or an IANA zone (DST-correct), by default the profile's zone.
 */
export interface Clock {
  /** How the answer names it: '+01:00' or 'Europe/Berlin'. */
  label: string;
  /** The wall time of an instant, as epoch ms read as UTC. */
  wall: (instant: number) => number;
  /** The instant local `date` ('YYYY-MM-DD') begins. */
  startOf: (date: string) => number;
}

const MINUTE = 60_000;

function fixed(eastMinutes: number): Clock {
  const sign = eastMinutes < 0 ? '-' : '+';
  const abs = Math.abs(eastMinutes);
  const label = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return {
    label,
    wall: (instant) => instant + eastMinutes * MINUTE,
    startOf: (date) => requireDayNumber(date) * DAY_MS - eastMinutes * MINUTE,
  };
}

function zone(name: string): Clock {
  return {
    label: name,
    wall: (instant) => instantToWall(instant, name),
    startOf: (date) => localToUtc(date, '00:00', name),
  };
}

/** The caller's clock; an unknown zone or offset is a 400 naming `timeOffset`. */
export function clockOf(offset: number | string | undefined, profileZone: string): Clock {
  if (offset === undefined) return zone(profileZone);
  if (typeof offset === 'number') return fixed(-offset);
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (m) {
    const minutes = Number(m[2]) * 60 + Number(m[3]);
    if (minutes > 14 * 60 || Number(m[3]) > 59)
      throw fieldError('timeOffset', 'An offset is at most 14 hours');
    return fixed(m[1] === '-' ? -minutes : minutes);
  }
  if (offset === 'UTC' || offset === 'Z') return fixed(0);
  if (!isKnownZone(offset)) throw fieldError('timeOffset', 'Unknown time zone');
  return zone(offset);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants [from, to) of a range asked as dates (whole local days, the end day included) or as
 * date-times; 400 when it is empty, reversed or longer than `maxDays`.
 */
export function rangeOf(
  start: string,
  end: string,
  clock: Clock,
  maxDays: number,
  fields: { start: string; end: string },
): { from: number; to: number } {
  const from = DATE_ONLY.test(start) ? clock.startOf(start) : Date.parse(start);
  const to = DATE_ONLY.test(end) ? clock.startOf(addDays(end, 1)) : Date.parse(end);
  if (!(from < to)) throw fieldError(fields.end, 'The start date is greater than the end date');
  if (to - from > (maxDays + 1) * DAY_MS) throw fieldError(fields.start, `At most ${maxDays} days at once`);
  return { from, to };
}

/** Local date 'YYYY-MM-DD' and time 'HH:mm:ss' of an instant on the clock, and the UTC ISO text. */
export function stamp(instant: number, clock: Clock) {
  const local = new Date(clock.wall(instant)).toISOString();
  return {
    sensordate: local.slice(0, 10),
    sensortime: local.slice(11, 19),
    sensordatetime_utc: new Date(instant).toISOString(),
  };
}
