import { z } from 'zod';
import { medicineIdentifierSchema } from '../emediplan/plan';
import { posologySchema } from '../posology/model';
import {
  checkMedicineDates,
  DOSAGE_TIME_MESSAGE,
  GALENIC_FORMS,
  INVALID_DATE_MESSAGE,
  normaliseDosageTime,
} from '../schedule';
import { checkStorageRange, STORAGE_LIMITS, STORAGE_MESSAGES } from '../storage';
import { toApiDosageTime } from '../time/wall-time';
import { isoDateSchema as isoDate, MAX_ID } from './common';

/** 1 = scheduled (has dosage times), 2 = as needed (no schedule). */
export const medicineTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type MedicineType = z.infer<typeof medicineTypeSchema>;

/** Units a strength is written in: '500 mg', '2.5 ml', '1000 IU'; or none at all ('2'). */
export const STRENGTH_UNITS = ['mg', 'µg', 'g', 'ml', 'mg/ml', 'IU', '%', 'drops', 'puffs'] as const;
export const STRENGTH_MESSAGE = 'Enter an amount, with a unit or none, for example 500 mg';
const STRENGTH = new RegExp(
  `^\\d+([.,]\\d+)?( ?(${STRENGTH_UNITS.map((u) => u.replace('/', '\\/')).join('|')}))?$`,
);

const required = 'This field is required';

/** A dosage time as the web sends it, 'HH:MM' or with ':00.000' appended; kept in the API form. */
export const dosageTimeSchema = z
  .string({ message: required })
  .refine((v) => normaliseDosageTime(v) !== null, DOSAGE_TIME_MESSAGE)
  .transform((v) => toApiDosageTime(normaliseDosageTime(v) ?? v));

/**
 * A storage limit to one decimal (°C, %RH), as the box measures: the columns are `real`, which on
 * PostgreSQL cannot hold 3.6e-130 (an underflow error, a 500 before this) and would keep 2.3 as 2.2999999.
 */
const tenths = (value: number) => Math.round(value * 10) / 10 || 0;
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** The largest stock and amount per intake a medicine takes (units: tablets, ml, puffs…). */
export const STOCK_LIMITS = { stock: 100_000, perIntake: 1_000 } as const;
export const STOCK_MESSAGES = {
  stock: `Enter the units in stock, from 0 to ${STOCK_LIMITS.stock}`,
  perIntake: `Enter the units one intake takes, more than 0 and at most ${STOCK_LIMITS.perIntake}`,
} as const;

const medicineFields = {
  name: z.string({ message: required }).trim().min(1, required).max(200),
  type: medicineTypeSchema,
  description: z.string().trim().max(2000).nullable(),
  strength: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || STRENGTH.test(v), STRENGTH_MESSAGE)
    .nullable(),
  galenic_form: z.enum(GALENIC_FORMS, { message: `One of ${GALENIC_FORMS.join(', ')}` }).nullable(),
  start_date: isoDate,
  end_date: isoDate.nullable(),
  dosage_times: z.array(dosageTimeSchema).max(24, 'At most 24 dosage times'),
  /** The storage range (decision 0006): °C and %RH, each optional. */
  storage_temp_min: z
    .number({ message: STORAGE_MESSAGES.temperature })
    .min(STORAGE_LIMITS.tempMin, STORAGE_MESSAGES.temperature)
    .max(STORAGE_LIMITS.tempMax, STORAGE_MESSAGES.temperature)
    .transform(tenths)
    .nullable(),
  storage_temp_max: z
    .number({ message: STORAGE_MESSAGES.temperature })
    .min(STORAGE_LIMITS.tempMin, STORAGE_MESSAGES.temperature)
    .max(STORAGE_LIMITS.tempMax, STORAGE_MESSAGES.temperature)
    .transform(tenths)
    .nullable(),
  storage_humidity_max: z
    .number({ message: STORAGE_MESSAGES.humidity })
    .min(STORAGE_LIMITS.humidityMin, STORAGE_MESSAGES.humidity)
    .max(STORAGE_LIMITS.humidityMax, STORAGE_MESSAGES.humidity)
    .transform(tenths)
    .nullable(),
  /** Refills (issue 26 item 6): the units in stock now (setting it starts the count afresh)… */
  stock: z
    .number({ message: STOCK_MESSAGES.stock })
    .min(0, STOCK_MESSAGES.stock)
    .max(STOCK_LIMITS.stock, STOCK_MESSAGES.stock)
    .transform(hundredths)
    .nullable(),
  /** …and the units one intake takes (1 when not given). */
  per_intake: z
    .number({ message: STOCK_MESSAGES.perIntake })
    .positive(STOCK_MESSAGES.perIntake)
    .max(STOCK_LIMITS.perIntake, STOCK_MESSAGES.perIntake)
    .transform(hundredths)
    .nullable(),
};

type DatesAndTimes = {
  start_date?: string;
  end_date?: string | null;
  dosage_times?: string[];
  storage_temp_min?: number | null;
  storage_temp_max?: number | null;
};

/** The spec's date rule and no dosage time twice, as field errors. */
function crossChecks(value: DatesAndTimes, ctx: z.RefinementCtx) {
  const dates = checkMedicineDates(value.start_date, value.end_date);
  // An impossible date is its own field's issue already (isoDateSchema); here only their order.
  if (dates && dates.message !== INVALID_DATE_MESSAGE)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: dates.message });
  const times = value.dosage_times ?? [];
  if (new Set(times).size !== times.length)
    ctx.addIssue({
      code: 'custom',
      path: ['dosage_times'],
      message: 'This dosage time is already scheduled',
    });
  const storage = checkStorageRange(value);
  if (storage) ctx.addIssue({ code: 'custom', path: [storage.field], message: storage.message });
}

/** A medicine as the add dialog sends it. */
export const medicineInputSchema = z
  .strictObject({
    ...medicineFields,
    type: medicineTypeSchema.default(1),
    description: medicineFields.description.default(null),
    strength: medicineFields.strength.default(null),
    galenic_form: medicineFields.galenic_form.default(null),
    end_date: medicineFields.end_date.default(null),
    dosage_times: medicineFields.dosage_times.default([]),
    storage_temp_min: medicineFields.storage_temp_min.default(null),
    storage_temp_max: medicineFields.storage_temp_max.default(null),
    storage_humidity_max: medicineFields.storage_humidity_max.default(null),
    stock: medicineFields.stock.default(null),
    per_intake: medicineFields.per_intake.default(null),
  })
  .superRefine(crossChecks);
export type MedicineInput = z.infer<typeof medicineInputSchema>;

/** POST /api/medicine/assignMedicine */
export const assignMedicineRequestSchema = z.strictObject({ data: medicineInputSchema });

/** POST /api/medicine/editMedicineRecord: the id and the fields that change. */
export const editMedicineRequestSchema = z.strictObject({
  data: z
    .strictObject({ id: z.number().int().positive().max(MAX_ID), ...medicineFields })
    .partial()
    .required({ id: true })
    .superRefine(crossChecks),
});
export type EditMedicineRequest = z.infer<typeof editMedicineRequestSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  dosage_time: z.string(),
  medicine: z.number().int(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const medicineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: medicineTypeSchema,
  description: z.string().nullable(),
  strength: z.string().nullable(),
  galenic_form: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  /** The dosage times in the API form, in order of the day. */
  dosage_times: z.array(z.string()),
  /** The storage range: null where the medicine sets no limit. */
  storage_temp_min: z.number().nullable(),
  storage_temp_max: z.number().nullable(),
  storage_humidity_max: z.number().nullable(),
  /**
   * The posology (decision 0014) of a medicine imported from eMediplan; null for one of daily
   * dosage times (which `dosage_times` says whole).
   */
  posology: posologySchema.nullable(),
  /** The GTIN, Pharmacode or product number an eMediplan plan named it by. */
  identifier: medicineIdentifierSchema.nullable(),
  /** The import's note: the plan's reason and instructions, or why a posology came in as text. */
  note: z.string().nullable(),
  /** Refills: the units in stock as counted, when (ISO), and the units one intake takes; null: not kept. */
  stock: z.number().nullable(),
  stock_at: z.string().nullable(),
  per_intake: z.number().nullable(),
  schedules: z.array(scheduleSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const medicineResponseSchema = z.object({ data: medicineSchema });
export const medicineListResponseSchema = z.object({ data: z.array(medicineSchema) });
export const medicineListQuerySchema = z.strictObject({
  type: z.coerce.number().pipe(medicineTypeSchema).optional(),
});

export const idParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive({ message: 'Invalid id' }).max(MAX_ID, 'Invalid id'),
});
export const deletedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

/** POST /api/medicine-schedules */
export const createScheduleRequestSchema = z.strictObject({
  data: z.strictObject({
    dosage_time: dosageTimeSchema,
    medicine: z.number({ message: required }).int().positive().max(MAX_ID),
  }),
});
export const scheduleResponseSchema = z.object({ data: scheduleSchema });

const scheduledMedicineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: medicineTypeSchema,
  strength: z.string().nullable(),
  galenic_form: z.string().nullable(),
});

/** GET /api/medicine-schedules/profile: every dosage time of the patient with its medicine. */
export const profileScheduleEntrySchema = z.object({
  id: z.number().int(),
  dosage_time: z.string(),
  medicine: scheduledMedicineSchema,
});
/** …and every medicine with a posology (decision 0014), its schedule being no list of daily times. */
export const profilePosologyEntrySchema = z.object({
  medicine: scheduledMedicineSchema,
  posology: posologySchema,
});
export const profileScheduleResponseSchema = z.object({
  data: z.object({
    schedule: z.array(profileScheduleEntrySchema),
    posologies: z.array(profilePosologyEntrySchema),
  }),
});
