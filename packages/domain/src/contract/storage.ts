import { z } from 'zod';
import { isoDateSchema as isoDate } from './common';

/** GET /api/storage-alerts?from&to: local dates of the patient's zone, both included (default: the last 7 days). */
export const storageAlertsQuerySchema = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date is greater than the end date',
    path: ['to'],
  });
export type StorageAlertsQuery = z.infer<typeof storageAlertsQuerySchema>;

export const STORAGE_ALERT_DEFAULT_DAYS = 7;
export const MAX_STORAGE_ALERT_DAYS = 92;

export const storageReasonSchema = z.enum(['too_cold', 'too_warm', 'too_humid']);

export const storageIntervalSchema = z.object({
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  reasons: z.array(storageReasonSchema),
  lowest: z.number().nullable(),
  highest: z.number().nullable(),
  humidityHighest: z.number().nullable(),
  deveui: z.string(),
});
export type StorageInterval = z.infer<typeof storageIntervalSchema>;

/** Each medicine with a storage range, and when the patient's box read outside it (newest first). */
export const storageAlertsResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    timezone: z.string(),
    medicines: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        storage_temp_min: z.number().nullable(),
        storage_temp_max: z.number().nullable(),
        storage_humidity_max: z.number().nullable(),
        minutesOut: z.number().int(),
        intervals: z.array(storageIntervalSchema),
      }),
    ),
  }),
  meta: z.object({
    /** Readings of the patient's boxes (while they were theirs) in the range. */
    readings: z.number().int(),
  }),
});
export type StorageAlertsResponse = z.infer<typeof storageAlertsResponseSchema>;
