import { z } from 'zod';
import { MAX_ID } from './common';

/*
 * Intakes entered by hand (issue 23 item 2): 'I took one' of an as-needed medicine, now or at a
 * chosen time, with an optional amount; or a scheduled dose confirmed by hand without a box press
 * (`scheduled_at` names the dose). Who entered it and when is kept.
 */

/** How far ahead of the server's clock a time may lie (a phone's clock runs a little fast). */
export const INTAKE_FUTURE_SLACK_MS = 5 * 60_000;
/** The largest amount one intake may record (tablets, drops, puffs, ml…). */
export const MAX_INTAKE_AMOUNT = 1000;
export const INTAKE_MESSAGES = {
  future: 'The time lies in the future',
  beforeStart: "The time is before the medicine's start date",
  amount: 'Must be a positive number',
  notADose: 'No dose of this medicine is scheduled at this time',
  instant: 'Enter a date and time with its offset, for example 2026-11-25T08:00:00Z',
} as const;

const instant = z.iso.datetime({ offset: true, message: INTAKE_MESSAGES.instant });

/** POST /api/medicine-intakes {data:{medicine, taken_at?, amount?, scheduled_at?}}: taken_at defaults to now. */
export const createIntakeRequestSchema = z.strictObject({
  data: z.strictObject({
    medicine: z.number({ message: 'This field is required' }).int().positive().max(MAX_ID),
    taken_at: instant.optional(),
    amount: z
      .number({ message: INTAKE_MESSAGES.amount })
      .positive(INTAKE_MESSAGES.amount)
      .max(MAX_INTAKE_AMOUNT, `At most ${MAX_INTAKE_AMOUNT}`)
      .nullable()
      .optional(),
    /** The scheduled dose this confirms (a dose's `scheduledAt`); absent for an as-needed intake. */
    scheduled_at: instant.optional(),
  }),
});
export type CreateIntakeRequest = z.infer<typeof createIntakeRequestSchema>;

/** One intake entered by hand, as the API gives it. */
export const manualIntakeSchema = z.object({
  id: z.number().int(),
  medicineId: z.number().int(),
  /** When it was taken, ISO. */
  takenAt: z.string(),
  amount: z.number().nullable(),
  /** The scheduled dose it confirms, ISO; null for an as-needed intake. */
  scheduledAt: z.string().nullable(),
  /** The user who entered it: the patient, or an administrator acting for them. */
  enteredBy: z.number().int().nullable(),
  /** Whether the patient entered it themself (false: an administrator, in a session). */
  enteredBySelf: z.boolean(),
  enteredAt: z.string(),
});
export type ManualIntake = z.infer<typeof manualIntakeSchema>;

export const intakeResponseSchema = z.object({ data: manualIntakeSchema });
