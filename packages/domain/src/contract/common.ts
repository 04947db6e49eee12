import { z } from 'zod';

import { LANGUAGES, ROLES } from '../constants';
import { isIsoDate } from '../time/dates';

export const languageSchema = z.enum(LANGUAGES);
export const roleSchema = z.enum(ROLES);

/** The error body of every failed call (Strapi's shape). */
export const apiErrorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    name: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** One invalid field, as listed in `error.details.errors` of a 400. */
export const fieldErrorSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  name: z.string(),
  /** A stable code for the web's texts: zod's issue code, or one of ERROR_CODES. */
  code: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** Outside production always; in production only for an administrator. */
  version: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** An IANA time-zone name that this runtime knows, such as Europe/Berlin. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, { message: 'Unknown time zone' });

/**
 * The largest id of a row: ids are PostgreSQL `integer` columns (32 bits), so an id past it is
 * refused as input (a 400 naming the field) instead of failing in the database.
 */
export const MAX_ID = 2_147_483_647;

export const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';
const REQUIRED = 'This field is required';

/**
 * The calendar the API takes: room for a date of birth and any medication plan, and far from the
 * edges where a handler's day before or after (a default range, the end of a chart day) is no
 * longer a 'YYYY-MM-DD' date (0000-01-01 minus a month, 9999-12-31 plus a day were 500s).
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';
export const DATE_RANGE_MESSAGE = `Enter a date between ${MIN_DATE} and ${MAX_DATE}`;

/** True for a 'YYYY-MM-DD' (or the date of a date-time) within MIN_DATE and MAX_DATE. */
export const withinCalendar = (date: string): boolean => {
  const day = date.slice(0, 10);
  return day >= MIN_DATE && day <= MAX_DATE;
};

/**
 * A calendar date 'YYYY-MM-DD' that exists (2026-02-30 and 2026-13-01 do not) within MIN_DATE and
 * MAX_DATE: every date field of the contract uses it, so such a date is a 400 naming the field,
 * never a handler's RangeError.
 */
export const isoDateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED : DATE_MESSAGE) })
  .refine(isIsoDate, { message: DATE_MESSAGE, abort: true })
  .refine(withinCalendar, DATE_RANGE_MESSAGE);

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO date-time with its offset whose every part exists: Date.parse takes 2026-02-30T10:00Z
 * (as 2 March) and 24:00, this does not.
 */
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m || !isIsoDate(m[1] ?? '')) return false;
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[2], m[3], m[4], m[5], m[6]].map(Number);
  return (
    (hour ?? 24) <= 23 &&
    (minute ?? 60) <= 59 &&
    (m[4] === undefined || (second ?? 60) <= 59) &&
    (m[5] === undefined || ((offsetHours ?? 24) <= 23 && (offsetMinutes ?? 60) <= 59)) &&
    !Number.isNaN(Date.parse(value))
  );
}
