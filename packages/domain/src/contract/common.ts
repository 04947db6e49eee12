import { z } from 'zod';

import { LANGUAGES, ROLES } from '../constants';

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
