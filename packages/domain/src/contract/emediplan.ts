import { z } from 'zod';
import { importedPlanSchema } from '../emediplan/plan';
import { MAX_ID } from './common';
import { medicineSchema } from './medicine';

/*
 * eMediplan in and out (issue 27, decision 0014). The web sends the code as it read it (a QR
 * code's text, or a plan file's JSON); the server decodes it itself, on the preview and again on
 * the import, so what is created is what the code says and nothing the client made up.
 */

const required = 'This field is required';

/** A QR code's text (CHMED16A1…, CHMED23A.…) or a plan file's JSON; the decoder says what is wrong with it. */
const codeSchema = z.string({ message: required }).min(1, required);

/** POST /api/emediplan/preview */
export const emediplanPreviewRequestSchema = z.strictObject({ data: z.strictObject({ code: codeSchema }) });

/** Whether the plan is the patient's: the import asks for a confirmation unless 'same'. */
export const planMatchSchema = z.enum(['same', 'different', 'unknown']);

/** POST /api/emediplan/preview: the plan as decoded, whether it is the patient's, and each line's type. */
export const emediplanPreviewResponseSchema = z.object({
  data: z.object({
    plan: importedPlanSchema,
    match: planMatchSchema,
    /** The type each medicine is created with (1 scheduled, 2 as needed), in the plan's order. */
    types: z.array(z.union([z.literal(1), z.literal(2)])),
    /** Each medicine's posology in words, a line per part, in the patient's language. */
    words: z.array(z.array(z.string())),
  }),
});
export type EmediplanPreview = z.infer<typeof emediplanPreviewResponseSchema>['data'];

/** One ticked line: its index in the plan, and the name to create it with (a plan may name it by GTIN only). */
const importLineSchema = z.strictObject({
  index: z.number().int().min(0).max(MAX_ID),
  name: z.string().trim().min(1, required).max(200).optional(),
});

/** POST /api/emediplan/import */
export const emediplanImportRequestSchema = z.strictObject({
  data: z.strictObject({
    code: codeSchema,
    lines: z
      .array(importLineSchema)
      .min(1, 'Tick at least one medicine')
      .max(200)
      .refine((lines) => new Set(lines.map((l) => l.index)).size === lines.length, 'A line is ticked twice'),
    /** The patient confirmed a plan whose name or birth date is not theirs (else 409). */
    confirmPatient: z.boolean().default(false),
  }),
});
export type EmediplanImportRequest = z.infer<typeof emediplanImportRequestSchema>['data'];

export const emediplanImportResponseSchema = z.object({
  data: z.object({ medicines: z.array(medicineSchema) }),
});

const encodedSchema = z.object({
  /** The QR code's text. */
  code: z.string(),
  /** The plan's JSON (CHMED23A: the file a pharmacy reads). */
  json: z.string(),
  /** The parts the format cannot say, left out of it: the medicine's and the part's index, and why. */
  lost: z.array(z.object({ medicine: z.number().int(), part: z.number().int(), reason: z.string() })),
});

/** GET /api/emediplan/export: the patient's current plan in both formats. */
export const emediplanExportResponseSchema = z.object({
  data: z.object({
    /** The medicines written, in order (a lost part's `medicine` indexes this list). */
    medicines: z.array(z.object({ id: z.number().int(), name: z.string() })),
    chmed16a: encodedSchema,
    chmed23a: encodedSchema,
  }),
});
export type EmediplanExport = z.infer<typeof emediplanExportResponseSchema>['data'];
