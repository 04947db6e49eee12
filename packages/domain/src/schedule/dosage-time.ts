import { fromApiDosageTime, parseWallTime } from '../time/wall-time';

/*
 * Dosage times: local wall-clock times of day in the patient's zone, written 'HH:MM' from 00:00 to
 * 23:59. The API sends them with ':00.000' appended (see time/wall-time.ts for the conversion).
 */

const DOSAGE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const DOSAGE_TIME_MESSAGE = 'Enter a time between 00:00 and 23:59 (HH:MM)';

/** True for a dosage time 'HH:MM' between 00:00 and 23:59 (two digits each). */
export const isDosageTime = (value: string): boolean => DOSAGE_TIME.test(value);

/**
 * A dosage time in its 'HH:MM' form whether written 'HH:MM' or in the API form 'HH:MM:00.000';
 * null for anything else, including a time with seconds other than zero.
 */
export function normaliseDosageTime(value: string): string | null {
  if (isDosageTime(value)) return value;
  const t = parseWallTime(value);
  if (t === null || t.second !== 0 || t.millisecond !== 0) return null;
  return fromApiDosageTime(value);
}

/** A medicine's dosage times in order of the day, each once ('HH:MM' strings sort as times). */
export const sortDosageTimes = (times: readonly string[]): string[] => [...new Set(times)].sort();
