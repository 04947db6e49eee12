/*
 * Wall-clock times of day. The product writes a dosage time 'HH:MM'; the API sends it as a time with
 * ':00.000' appended ('08:00' -> '08:00:00.000'). Both forms, and 'HH:MM:SS', are read here.
 */

export interface WallTime {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/** 'HH:MM', 'HH:MM:SS' or 'HH:MM:SS.sss' (00:00 to 23:59:59.999) as its parts; null otherwise. */
export function parseWallTime(value: string): WallTime | null {
  const m = WALL_TIME.exec(value);
  if (!m) return null;
  return {
    hour: Number(m[1]),
    minute: Number(m[2]),
    second: m[3] === undefined ? 0 : Number(m[3]),
    millisecond: m[4] === undefined ? 0 : Number(m[4].padEnd(3, '0')),
  };
}

/** Milliseconds since midnight of a wall time. */
export const msOfDay = (t: WallTime): number =>
  ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.millisecond;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function requireWallTime(value: string): WallTime {
  const t = parseWallTime(value);
  if (!t) throw new RangeError(`Invalid time '${value}', expected HH:MM or HH:MM:SS.sss`);
  return t;
}

/** The API form of a dosage time: '08:00' -> '08:00:00.000' (an API-form time is kept as it is). */
export function toApiDosageTime(value: string): string {
  const t = requireWallTime(value);
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millisecond, 3)}`;
}

/** The 'HH:MM' form of a dosage time: '08:00:00.000' -> '08:00' (seconds are dropped). */
export function fromApiDosageTime(value: string): string {
  const t = requireWallTime(value);
  return `${pad(t.hour)}:${pad(t.minute)}`;
}

/** Milliseconds after local midnight of a dosage time ('HH:MM' or the API form), or a RangeError. */
export function timeOfDay(time: string): number {
  const wall = parseWallTime(time);
  if (!wall) throw new RangeError(`Invalid dosage time '${time}', expected HH:MM`);
  return msOfDay(wall);
}
