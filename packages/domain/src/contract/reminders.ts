import { z } from 'zod';
import { CAREGIVER_DELAY_MINUTES, MISSED_AFTER_MINUTES, SNOOZE_MINUTES } from '../reminders/due';
import { accessLogQuerySchema, paginationSchema } from './admin';

/*
 * Reminders and missed-dose alerts (issue 26 items 2 and 4): the patient's settings, snoozes, and
 * the notifications DoseDot sent them.
 */

export const MIN_MISSED_AFTER_MINUTES = 15;
export const MAX_MISSED_AFTER_MINUTES = 240;
export const MAX_CAREGIVER_DELAY_MINUTES = 720;

export const REMINDER_MESSAGES = {
  clock: 'Enter a time as HH:MM',
  quietBoth: 'Give both ends of the quiet hours, or neither',
  snooze: `Snooze for ${SNOOZE_MINUTES.join(' or ')} minutes`,
  notADose: 'No dose of yours is scheduled at this time',
  instant: 'Enter a date and time with its offset, for example 2026-11-25T08:00:00Z',
} as const;

const clock = z
  .string({ message: REMINDER_MESSAGES.clock })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, REMINDER_MESSAGES.clock);

export const reminderSettingsSchema = z.object({
  /** Reminders and alerts by e-mail. */
  email: z.boolean(),
  /** Local quiet hours 'HH:MM' (may span midnight); both null: none. */
  quietFrom: clock.nullable(),
  quietTo: clock.nullable(),
  /** Minutes after the dosage time without a press or a confirmation before the alert. */
  missedAfterMinutes: z
    .number({ message: 'Must be a whole number of minutes' })
    .int('Must be a whole number of minutes')
    .min(MIN_MISSED_AFTER_MINUTES, `At least ${MIN_MISSED_AFTER_MINUTES}`)
    .max(MAX_MISSED_AFTER_MINUTES, `At most ${MAX_MISSED_AFTER_MINUTES}`),
  /** Minutes after the patient's alert before the caregivers are told. */
  caregiverDelayMinutes: z
    .number({ message: 'Must be a whole number of minutes' })
    .int('Must be a whole number of minutes')
    .min(0, 'At least 0')
    .max(MAX_CAREGIVER_DELAY_MINUTES, `At most ${MAX_CAREGIVER_DELAY_MINUTES}`),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsBody = {
  email: false,
  quietFrom: null,
  quietTo: null,
  missedAfterMinutes: MISSED_AFTER_MINUTES,
  caregiverDelayMinutes: CAREGIVER_DELAY_MINUTES,
};

/** PUT /api/reminders/settings {data: settings}. */
export const putReminderSettingsSchema = z.strictObject({
  data: reminderSettingsSchema.strict().refine((s) => (s.quietFrom === null) === (s.quietTo === null), {
    message: REMINDER_MESSAGES.quietBoth,
    path: ['quietTo'],
  }),
});
export const reminderSettingsResponseSchema = z.object({ data: reminderSettingsSchema });

/** POST /api/reminders/snooze {data:{scheduled_at, minutes}}: remind again of that dose later. */
export const snoozeRequestSchema = z.strictObject({
  data: z.strictObject({
    scheduled_at: z.iso.datetime({ offset: true, message: REMINDER_MESSAGES.instant }),
    minutes: z.union(
      SNOOZE_MINUTES.map((m) => z.literal(m)),
      { message: REMINDER_MESSAGES.snooze },
    ),
  }),
});
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;
export const snoozeResponseSchema = z.object({ data: z.object({ until: z.string() }) });

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['reminder', 'missed', 'box_offline', 'box_battery']),
  channel: z.string(),
  /** The dose's instant, ISO. */
  scheduledAt: z.string(),
  medicineIds: z.array(z.number().int()),
  /** When it was sent, ISO; null while not (yet) sent. */
  sentAt: z.string().nullable(),
  /** The dose's status now: an alert whose press came late reads 'taken'. */
  doseStatus: z.enum(['taken', 'by_hand', 'not_tracked', 'missed', 'pending']).nullable(),
});
/** GET /api/reminders/notifications?pagination[page]&pagination[pageSize], newest dose first. */
export const notificationsQuerySchema = accessLogQuerySchema;
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;
export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
