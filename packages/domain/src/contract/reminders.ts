import { z } from 'zod';
import { CAREGIVER_DELAY_MINUTES, MISSED_AFTER_MINUTES, SNOOZE_MINUTES } from '../reminders/due';
import { REFILL_DAYS, REFILL_DAYS_MAX } from '../reminders/refill';
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
  /** Reminders and alerts by Web Push to the user's subscribed browsers (e-mail stands in when none takes it). */
  push: z.boolean(),
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
  /** A refill reminder when fewer days of a medicine's stock than this remain (issue 26 item 6). */
  refillDays: z
    .number({ message: 'Must be a whole number of days' })
    .int('Must be a whole number of days')
    .min(1, 'At least 1')
    .max(REFILL_DAYS_MAX, `At most ${REFILL_DAYS_MAX}`),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsSchema>;
/** The body of PUT /api/reminders/settings: `push` may be left out (it then stays as it was). */
export type ReminderSettingsInput = Omit<ReminderSettingsBody, 'push' | 'refillDays'> & {
  push?: boolean;
  refillDays?: number;
};

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsBody = {
  email: false,
  push: false,
  quietFrom: null,
  quietTo: null,
  missedAfterMinutes: MISSED_AFTER_MINUTES,
  caregiverDelayMinutes: CAREGIVER_DELAY_MINUTES,
  refillDays: REFILL_DAYS,
};

/** PUT /api/reminders/settings {data: settings}; without `push`, push stays as it was. */
export const putReminderSettingsSchema = z.strictObject({
  data: reminderSettingsSchema
    .extend({ push: z.boolean().optional(), refillDays: reminderSettingsSchema.shape.refillDays.optional() })
    .strict()
    .refine((s) => (s.quietFrom === null) === (s.quietTo === null), {
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
  kind: z.enum(['reminder', 'missed', 'box_offline', 'box_battery', 'refill']),
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

/* Web Push (issue 26 item 2): the server's VAPID key, and the browsers of the user themself. */

export const PUSH_MESSAGES = {
  endpoint: 'Enter the push service address of the subscription (https)',
  key: 'Enter the browser key of the subscription (base64url)',
  yourself: 'Only the user themself can subscribe their browser',
} as const;

const base64url = (min: number, max: number) =>
  z
    .string({ message: PUSH_MESSAGES.key })
    .min(min, PUSH_MESSAGES.key)
    .max(max, PUSH_MESSAGES.key)
    .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MESSAGES.key);

/** GET /api/reminders/push: the key browsers subscribe with (applicationServerKey). */
export const pushKeyResponseSchema = z.object({ data: z.object({ publicKey: z.string() }) });

/** POST /api/reminders/push-subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionRequestSchema = z.strictObject({
  data: z.object({
    endpoint: z
      .url({ protocol: /^https?$/, message: PUSH_MESSAGES.endpoint })
      .max(2000, PUSH_MESSAGES.endpoint),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 30) }),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;
/** DELETE /api/reminders/push-subscriptions {data:{endpoint}}. */
export const pushUnsubscribeRequestSchema = z.strictObject({
  data: z.object({
    endpoint: z.string({ message: PUSH_MESSAGES.endpoint }).min(1, PUSH_MESSAGES.endpoint).max(2000),
  }),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;
export const pushSubscriptionResponseSchema = z.object({
  data: z.object({ endpoint: z.string(), subscribed: z.boolean() }),
});

/*
 * A push notification's buttons (issue 26 item 3): the service worker posts the notification's
 * single-use token, without a session (decision 0015).
 */
export const DOSE_ACTION_MESSAGES = {
  token: 'Enter the token of the notification',
  action: 'Choose taken or snooze',
  used: 'This notification’s buttons no longer work (used, or too old): open DoseDot to confirm the dose',
  noSnooze: 'This notification offers no snooze',
} as const;

/** POST /api/reminders/dose-action {data:{token, action, minutes?}}. */
export const doseActionRequestSchema = z.strictObject({
  data: z
    .strictObject({
      token: z
        .string({ message: DOSE_ACTION_MESSAGES.token })
        .regex(/^[A-Za-z0-9_-]{43}$/, DOSE_ACTION_MESSAGES.token),
      action: z.enum(['taken', 'snooze'], { message: DOSE_ACTION_MESSAGES.action }),
      minutes: z
        .union(
          SNOOZE_MINUTES.map((m) => z.literal(m)),
          { message: REMINDER_MESSAGES.snooze },
        )
        .optional(),
    })
    .refine((d) => d.action !== 'snooze' || d.minutes !== undefined, {
      message: REMINDER_MESSAGES.snooze,
      path: ['minutes'],
    }),
});
export type DoseActionRequest = z.infer<typeof doseActionRequestSchema>;
export const doseActionResponseSchema = z.object({
  data: z.object({
    action: z.enum(['taken', 'snooze']),
    /** The dose's instant, ISO. */
    scheduledAt: z.string(),
    /** A snooze: when the reminder comes again, ISO. */
    until: z.string().optional(),
  }),
});
