import type { ReminderSettingsBody } from '@dosedot/domain';
import * as z from 'zod/mini';

/** The choices of 'alert me after' (minutes; the server takes 15–240). */
export const MISSED_AFTER_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;

/** The choices of 'refill reminder' (days of stock left; the server takes 1–60). */
export const REFILL_DAYS_CHOICES = [3, 5, 7, 10, 14, 21, 30] as const;

const clock = z
  .string()
  .check(z.regex(/^$|^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'profile.reminders.badTime' }));

/** The reminders form: times as the time inputs give them ('' for none); messages are catalog keys. */
export const reminderFormSchema = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    quietFrom: clock,
    quietTo: clock,
    missedAfterMinutes: z.number(),
    refillDays: z.number(),
  })
  .check(
    z.refine((v) => (v.quietFrom === '') === (v.quietTo === ''), {
      message: 'profile.reminders.quietBoth',
      path: ['quietTo'],
    }),
  );
export type ReminderFormValues = z.infer<typeof reminderFormSchema>;

export const reminderFormValuesOf = (s: ReminderSettingsBody): ReminderFormValues => ({
  email: s.email,
  push: s.push,
  quietFrom: s.quietFrom ?? '',
  quietTo: s.quietTo ?? '',
  missedAfterMinutes: s.missedAfterMinutes,
  refillDays: s.refillDays,
});

/** The settings to save: the form's values over the saved ones (the caregivers' delay is kept). */
export const reminderSettingsOf = (
  saved: ReminderSettingsBody,
  v: ReminderFormValues,
): ReminderSettingsBody => ({
  ...saved,
  email: v.email,
  push: v.push,
  quietFrom: v.quietFrom || null,
  quietTo: v.quietTo || null,
  missedAfterMinutes: v.missedAfterMinutes,
  refillDays: v.refillDays,
});
