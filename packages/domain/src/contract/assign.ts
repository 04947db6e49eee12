import { z } from 'zod';
import { isIsoDate } from '../time/dates';
import { MAX_PAGE_SIZE, paginationSchema } from './admin';
import { isIsoInstant, MAX_ID, withinCalendar } from './common';
import { deveuiSchema } from './sensor';
import { MAX_PAGE } from './strapi-query';

/*
 * Giving a patient a box (issue 24 items 1, 4, 7 and 11): the free boxes to pick from, the
 * assignment with the optional moment the patient got the box, and why an assignment is refused.
 */

const required = 'This field is required';
const profileIdSchema = z.coerce
  .number({ message: required })
  .int('Invalid profile')
  .positive('Invalid profile')
  .max(MAX_ID, 'Invalid profile');

/** A date and time without an offset, 'YYYY-MM-DDTHH:MM' (seconds optional): read in a zone. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Whether `value` is a local date-time whose date exists (the time part is checked by the pattern). */
const isLocalDateTime = (value: string): boolean => {
  const m = LOCAL_DATE_TIME.exec(value);
  return m !== null && isIsoDate(m[1] ?? '') && withinCalendar(m[1] ?? '');
};

export { ASSIGN_REFUSALS, type AssignRefusal } from './assign-refusals';

/**
 * POST /api/sensor/assign. `since` (optional) is when the patient got the box, so the presses it
 * sent since count for them (issue 24 item 11): an ISO date-time with its offset, or a local
 * 'YYYY-MM-DDTHH:MM' read in the patient's time zone. Not in the future, not before the box's
 * previous holder gave it back; without it the holding starts now.
 */
export const assignSensorRequestSchema = z.strictObject({
  data: z.strictObject({
    profileid: profileIdSchema,
    deveui: deveuiSchema,
    since: z
      .string()
      .trim()
      .refine(
        (v) => (isIsoInstant(v) && withinCalendar(v)) || isLocalDateTime(v),
        "Enter a date and time as YYYY-MM-DDTHH:MM, with an offset or in the patient's time zone",
      )
      .optional(),
  }),
});
export type AssignSensorRequest = z.infer<typeof assignSensorRequestSchema>;

/** GET /api/sensor/free: the boxes no patient holds, searched by DevEUI, serial or name (accents ignored). */
export const FREE_BOXES_DEFAULT_PAGE_SIZE = 10;
export const freeBoxesQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  page: z.coerce
    .number({ message: 'A page is a whole number from 1' })
    .int('A page is a whole number from 1')
    .min(1, 'A page is a whole number from 1')
    .max(MAX_PAGE, `At most ${MAX_PAGE}`)
    .default(1),
  pageSize: z.coerce
    .number({ message: `A page size is a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`A page size is a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `A page size is a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `A page size is a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(FREE_BOXES_DEFAULT_PAGE_SIZE),
});
export type FreeBoxesQuery = z.infer<typeof freeBoxesQuerySchema>;

export const freeBoxSchema = z.object({
  id: z.number().int(),
  deveui: z.string(),
  serial_number: z.string().nullable(),
  name: z.string().nullable(),
  device_profile: z.string(),
  /** Battery percent, null until the box reported one. */
  battery: z.number().nullable(),
  /** When the box was last heard (ISO), null if never. */
  sensortime: z.string().nullable(),
});
export type FreeBox = z.infer<typeof freeBoxSchema>;
export const freeBoxesResponseSchema = z.object({
  data: z.array(freeBoxSchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type FreeBoxesResponse = z.infer<typeof freeBoxesResponseSchema>;
