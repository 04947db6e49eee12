import { z } from 'zod';
import { withinCalendar } from '../contract/common';
import { isIsoDate } from '../time/dates';
import { AHV_MESSAGE, formatAhv, isValidAhv } from './ahv';
import { BMI_CATEGORIES } from './measures';
import { isValidPhone, PHONE_MESSAGE } from './phone';

/*
 * My Health Data: six sections, each saved on its own, with the spec's messages word for word
 * (spec section 5). The server validates with these schemas and the web forms use them as resolvers.
 */

export const REQUIRED = 'This field is required';
export const POSITIVE = 'Must be a positive number';
export const EMAIL = 'Invalid email address';
export const NOTES_MAX = 'Maximum 500 characters';
export const AXIS_MESSAGE = 'Axis must be between 0 and 180 degrees';

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'unknown'] as const;
export const SMOKING = ['non_smoker', 'former_smoker', 'occasional_smoker', 'regular_smoker'] as const;
export const ALCOHOL = ['never', 'occasional', 'moderate', 'frequent'] as const;
export const GLASSES_TYPES = ['reading', 'distance', 'bifocal', 'progressive', 'contact_lenses'] as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalText = (max: number) => text(max).nullable().default(null);
const required = (max: number) =>
  z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);
// At least 0.1 (cm, kg): a positive 8e-323 made the BMI Infinity, and the stored record then failed
// every answer of My Health Data (issue 21).
const positive = (max: number) =>
  z.number({ message: POSITIVE }).min(0.1, POSITIVE).max(max, `At most ${max}`).nullable().default(null);
const quarterSteps = (min: number, max: number) =>
  z
    .number()
    .min(min, `Between ${min} and ${max}`)
    .max(max, `Between ${min} and ${max}`)
    .refine((v) => Number.isInteger(v * 4), 'In steps of 0.25')
    .nullable()
    .default(null);

export const basicInformationSchema = z.strictObject({
  date_of_birth: z
    .string({ message: REQUIRED })
    // A real calendar date (Date.parse takes 2026-02-30 as 2 March) within the API's calendar.
    .refine((d) => isIsoDate(d) && withinCalendar(d), REQUIRED),
  gender: z.enum(GENDERS, { message: REQUIRED }),
  blood_type: z.enum(BLOOD_TYPES).nullable().default(null),
  nationality: optionalText(100),
  ahv_number: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidAhv(v), AHV_MESSAGE)
    // Stored and answered in the dotted form, however it was typed.
    .transform((v) => (v === '' ? null : formatAhv(v)))
    .nullable()
    .default(null),
  rega_member: z.boolean().default(false),
});

export const physicalMeasurementsSchema = z.strictObject({
  height_cm: positive(300),
  weight_kg: positive(700),
});

const eyeSchema = z.strictObject({
  sphere: quarterSteps(-25, 25),
  cylinder: quarterSteps(-10, 10),
  axis: z.number().int(AXIS_MESSAGE).min(0, AXIS_MESSAGE).max(180, AXIS_MESSAGE).nullable().default(null),
});

export const visionSchema = z.strictObject({
  needs_glasses: z.boolean().default(false),
  glasses_type: z.enum(GLASSES_TYPES).nullable().default(null),
  right: eyeSchema.default({ sphere: null, cylinder: null, axis: null }),
  left: eyeSchema.default({ sphere: null, cylinder: null, axis: null }),
});

const entries = z.array(required(100)).max(50, 'At most 50 entries');

export const medicalInformationSchema = z.strictObject({
  allergies: entries.default([]),
  chronic_conditions: entries.default([]),
  notes: z.string().trim().max(500, NOTES_MAX).nullable().default(null),
});

export const emergencyContactSchema = z.strictObject({
  contact_name: required(200),
  relationship: optionalText(100),
  phone: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).refine(isValidPhone, PHONE_MESSAGE),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
});

export const additionalInformationSchema = z.strictObject({
  smoking: z.enum(SMOKING).nullable().default(null),
  alcohol: z.enum(ALCOHOL).nullable().default(null),
  organ_donor: z.boolean().default(false),
});

/** The sections by the name in PUT /api/health-data/{section}. */
export const HEALTH_SECTIONS = {
  'basic-information': basicInformationSchema,
  'physical-measurements': physicalMeasurementsSchema,
  vision: visionSchema,
  'medical-information': medicalInformationSchema,
  'emergency-contact': emergencyContactSchema,
  'additional-information': additionalInformationSchema,
} as const;
export type HealthSection = keyof typeof HEALTH_SECTIONS;
export const HEALTH_SECTION_NAMES = Object.keys(HEALTH_SECTIONS) as HealthSection[];

export type HealthRecord = {
  [K in HealthSection]?: z.infer<(typeof HEALTH_SECTIONS)[K]>;
};

/** GET /api/health-data: the stored sections, with what follows from them. */
export const healthDataResponseSchema = z.object({
  data: z.object({
    'basic-information': basicInformationSchema
      .extend({ ahv_number: z.string().nullable(), age: z.number().int().nullable() })
      .nullable(),
    'physical-measurements': physicalMeasurementsSchema
      .extend({ bmi: z.number().nullable(), bmi_category: z.enum(BMI_CATEGORIES).nullable() })
      .nullable(),
    vision: visionSchema.nullable(),
    'medical-information': medicalInformationSchema.nullable(),
    'emergency-contact': emergencyContactSchema.extend({ email: z.string().nullable() }).nullable(),
    'additional-information': additionalInformationSchema.nullable(),
    updatedAt: z.string().nullable(),
  }),
});
export type HealthDataResponse = z.infer<typeof healthDataResponseSchema>;
