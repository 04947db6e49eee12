import { z } from 'zod';
import { amountSchema } from '../posology/model';
import { isoDateSchema as isoDate } from './common';
import { manualIntakeSchema } from './intakes';
import { medicineSchema, scheduleSchema } from './medicine';

/** The longest range one call computes (a year and a bit). */
export const MAX_ADHERENCE_DAYS = 400;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: chart days, both included; defaults decided by each call. */
export const dateRangeQuerySchema = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date is greater than the end date',
    path: ['to'],
  });

export const bandSchema = z.enum(['on_time', 'about_1h', 'over_2h']);
/** taken: by a box press; by_hand: confirmed by hand; not_tracked: before DoseDot tracked the medicine. */
export const intakeStatusSchema = z.enum(['taken', 'by_hand', 'not_tracked', 'missed', 'pending']);

/** One intake (the doses due at one instant) with what happened to it. */
export const intakeSchema = z.object({
  /** The chart day it belongs to. */
  date: z.string(),
  scheduledAt: z.string(),
  medicineIds: z.array(z.number().int()),
  status: intakeStatusSchema,
  /**
   * Each medicine's dose with its own status (one may be confirmed by hand, another not); a medicine
   * with a posology (decision 0014) also gives the dose's `amount` ({value} or a range {value, max})
   * and `unit` (the plan's: 'Stk', 'ml'…, or null). A medicine of daily times has neither: one unit.
   */
  doses: z.array(
    z.object({
      medicineId: z.number().int(),
      status: intakeStatusSchema,
      amount: amountSchema.optional(),
      unit: z.string().nullable().optional(),
    }),
  ),
  /** The matched press, ISO, or null. */
  press: z.string().nullable(),
  /** Minutes from the scheduled time to the press (negative: early), or null. */
  deltaMinutes: z.number().nullable(),
  band: bandSchema.nullable(),
});
export type IntakeEntry = z.infer<typeof intakeSchema>;

export const tallySchema = z.object({
  scheduled: z.number().int(),
  /** Taken by a box press. */
  taken: z.number().int(),
  /** Confirmed by hand (counted apart from the box's). */
  byHand: z.number().int(),
  /** Before DoseDot tracked the medicine: neither missed nor due. */
  notTracked: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int(),
  onTime: z.number().int(),
  about1h: z.number().int(),
  over2h: z.number().int(),
  /** taken + byHand + missed. */
  due: z.number().int(),
  /** (taken + byHand) / due (0..1), null when nothing is due yet. */
  adherence: z.number().nullable(),
  onTimeRate: z.number().nullable(),
});

export const adherenceDaySchema = tallySchema.extend({
  date: z.string(),
  start: z.string(),
  end: z.string(),
  intakes: z.array(intakeSchema),
  /** Presses (merged) of this chart day that match no intake. */
  unmatched: z.array(z.string()),
  /** Intakes entered by hand whose time falls in this chart day (as needed, and confirmations). */
  manual: z.array(manualIntakeSchema),
});
export type AdherenceDay = z.infer<typeof adherenceDaySchema>;

export const periodSchema = tallySchema.extend({ period: z.string(), unmatched: z.number().int() });

/** GET /api/adherence: the dashboards' figures. */
export const adherenceResponseSchema = z.object({
  data: z.object({
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    days: z.array(adherenceDaySchema),
    byWeek: z.array(periodSchema),
    byMonth: z.array(periodSchema),
    byMedicine: z.array(tallySchema.extend({ medicineId: z.number().int() })),
    totals: tallySchema.extend({ unmatched: z.number().int() }),
  }),
});
export type AdherenceResponse = z.infer<typeof adherenceResponseSchema>;

/** GET /api/medicine-schedule/medicine/{id}: the medicine, its schedules and its history. */
export const medicineScheduleResponseSchema = z.object({
  data: z.object({
    medicine: medicineSchema,
    schedules: z.array(scheduleSchema),
    /** The medicine's intakes over the range, newest first. */
    history: z.array(intakeSchema),
    /** The medicine's intakes entered by hand over the range (as needed, and confirmations), newest first. */
    manual: z.array(manualIntakeSchema),
  }),
});
export type MedicineScheduleResponse = z.infer<typeof medicineScheduleResponseSchema>;
