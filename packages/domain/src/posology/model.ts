import { z } from 'zod';
import { isIsoDate } from '../time/dates';

/*
 * Posology: when and how much of a medicine is taken, as rich as what eMediplan (CHMED16A/CHMED23A)
 * and FHIR Timing express and DoseDot can keep its promise on (a dose at a wall-clock time, matched
 * with a box press). A medicine's posology is a list of parts (eMediplan's `Pos`); each part has
 * its own dates and its doses are added to the others'.
 *
 * - Which days: every day, every N days, given weekdays (every N weeks), given days of the month
 *   (every N months), or once (on the part's start date).
 * - At which times: wall-clock 'HH:MM' in the patient's zone, or a day segment (morning, noon,
 *   evening, night) that becomes the patient's own time for it when expanded.
 * - How much: an amount per time (or a range, '1–2'), in the part's unit.
 * - Sequences: phases of N days that take a regimen or pause, in order, once or repeated:
 *   21 days on / 7 off (repeated), a taper (2 tablets for 5 days, then 1 from then on).
 * - In reserve ('as needed', DoseDot's type 2): kept with its schedule for the words, never expanded.
 * - Free text: what is not structured (or not understood: the original is kept beside it) is never
 *   expanded either, and the medicine is imported as type 2 with the text as its note.
 */

import { DAY_SEGMENTS, DEFAULT_SEGMENT_TIMES, type SegmentTimes } from './segments';

export { DAY_SEGMENTS, type DaySegment, DEFAULT_SEGMENT_TIMES, type SegmentTimes } from './segments';

const wallTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM');

/** The patient's own time of each day segment (their profile's `day_times`). */
export const segmentTimesSchema = z.strictObject({
  morning: wallTimeSchema,
  noon: wallTimeSchema,
  evening: wallTimeSchema,
  night: wallTimeSchema,
});

/**
 * The patient's day-segment times as stored (JSON, or null): eMediplan's printed times while the
 * patient has set none, or when what is stored is not such times.
 */
export function segmentTimesOf(stored: string | null | undefined): SegmentTimes {
  if (!stored) return DEFAULT_SEGMENT_TIMES;
  try {
    const parsed = segmentTimesSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_SEGMENT_TIMES;
  } catch {
    return DEFAULT_SEGMENT_TIMES;
  }
}
const isoDateSchema = z.string().refine(isIsoDate, 'Enter a date as YYYY-MM-DD');
const count = (min: number, max: number) => z.number().int().min(min).max(max);

/** How much per time: `value`, or from `value` to `max` ('1–2 tablets'). */
export const amountSchema = z
  .object({ value: z.number().positive().max(1_000_000), max: z.number().max(1_000_000).optional() })
  .refine((a) => a.max === undefined || a.max > a.value, { message: 'max must exceed value', path: ['max'] });
export type Amount = z.infer<typeof amountSchema>;

/** One dose of a day: at a wall-clock time or in a day segment. */
export const slotSchema = z.object({
  at: z.union([wallTimeSchema, z.enum(DAY_SEGMENTS)]),
  amount: amountSchema,
});
export type DoseSlot = z.infer<typeof slotSchema>;

/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const uniqueNumbers = (values: readonly number[]): boolean => new Set(values).size === values.length;

export const dayPatternSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  /** Day 0 (the anchor: the part's or phase's start), day N, day 2N … */
  z.object({ kind: z.literal('everyNDays'), n: count(2, 366) }),
  /**
   * The given weekdays; every N weeks: in cycles of 7N days from the anchor, those that fall in
   * the cycle's first 7 days (eMediplan's cycle that begins at the start date).
   */
  z.object({
    kind: z.literal('weekdays'),
    weekdays: z
      .array(count(1, 7))
      .min(1)
      .max(7)
      .refine(uniqueNumbers, 'each weekday once')
      .transform((days) => days as Weekday[]),
    everyNWeeks: count(1, 52),
  }),
  /** The given days of the anchor's month, then of every N-th month; a day a month lacks is skipped. */
  z.object({
    kind: z.literal('monthDays'),
    days: z.array(count(1, 31)).min(1).max(31).refine(uniqueNumbers, 'each day once'),
    everyNMonths: count(1, 24),
  }),
  /** The anchor day only. */
  z.object({ kind: z.literal('once') }),
]);
export type DayPattern = z.infer<typeof dayPatternSchema>;

export const regimenSchema = z.object({
  days: dayPatternSchema,
  slots: z.array(slotSchema).min(1).max(24),
});
export type Regimen = z.infer<typeof regimenSchema>;

export const phaseSchema = z.discriminatedUnion('kind', [
  /** `days` null: from here on (only the last phase of a sequence that is not repeated). */
  z.object({ kind: z.literal('take'), days: count(1, 3660).nullable(), regimen: regimenSchema }),
  z.object({ kind: z.literal('pause'), days: count(1, 3660) }),
]);
export type Phase = z.infer<typeof phaseSchema>;

/** What a part says that DoseDot cannot expand, kept as the source wrote it so export gives it back. */
export const unsupportedSchema = z.object({
  format: z.enum(['CHMED16A', 'CHMED23A']),
  /** The posology as it was in the plan (CHMED16A: the Pos object; CHMED23A: the po object). */
  source: z.unknown(),
  /** Why it is not structured here: a key of the catalog's posology.unsupported.* texts. */
  reason: z.string().max(60),
});

export const scheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('regular'), regimen: regimenSchema }),
  z.object({
    kind: z.literal('sequence'),
    phases: z.array(phaseSchema).min(1).max(50),
    repeat: z.boolean(),
  }),
  z.object({
    kind: z.literal('freeText'),
    text: z.string().max(2000),
    unsupported: unsupportedSchema.optional(),
  }),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

const needsAnchor = (pattern: DayPattern): boolean =>
  pattern.kind === 'everyNDays' ||
  pattern.kind === 'once' ||
  (pattern.kind === 'weekdays' && pattern.everyNWeeks > 1) ||
  (pattern.kind === 'monthDays' && pattern.everyNMonths > 1);

export const posologyPartSchema = z
  .object({
    /** First local date, included; null: as far back as asked (only for rules that need no anchor). */
    from: isoDateSchema.nullable(),
    /** Last local date, included; null: ongoing. */
    to: isoDateSchema.nullable(),
    /** In reserve (as needed): never expanded into doses. */
    inReserve: z.boolean(),
    /** The unit of every amount ('Stk', 'ml', 'gtt', a unit code of the plan); null when not given. */
    unit: z.string().max(40).nullable(),
    schedule: scheduleSchema,
  })
  .superRefine((part, ctx) => {
    if (part.from !== null && part.to !== null && part.from > part.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The start date is greater than the end date' });
    }
    const s = part.schedule;
    const anchored =
      (s.kind === 'regular' && needsAnchor(s.regimen.days)) || (s.kind === 'sequence' && s.phases.length > 0);
    if (anchored && part.from === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: 'This schedule counts its days from a start date',
      });
    }
    if (s.kind === 'sequence') {
      s.phases.forEach((phase, i) => {
        const last = i === s.phases.length - 1;
        if (phase.kind === 'take' && phase.days === null && (s.repeat || !last)) {
          ctx.addIssue({
            code: 'custom',
            path: ['schedule', 'phases', i, 'days'],
            message: 'Only the last phase of a sequence that is not repeated may last indefinitely',
          });
        }
      });
      if (s.phases.every((p) => p.kind === 'pause')) {
        ctx.addIssue({ code: 'custom', path: ['schedule', 'phases'], message: 'A sequence takes something' });
      }
    }
  });
export type PosologyPart = z.infer<typeof posologyPartSchema>;

export const posologySchema = z.array(posologyPartSchema).min(1).max(20);
export type Posology = PosologyPart[];

/** True when the part's doses are expanded into dose instances (not in reserve, not free text). */
export const isScheduledPart = (part: PosologyPart): boolean =>
  !part.inReserve && part.schedule.kind !== 'freeText';

/**
 * DoseDot's medicine type for a posology: 1 (scheduled) when some part is expanded into doses,
 * else 2 (as needed: in reserve, free text, or a posology we do not understand).
 */
export const medicineTypeOf = (posology: readonly PosologyPart[]): 1 | 2 =>
  posology.some(isScheduledPart) ? 1 : 2;
