import { z } from 'zod';

/*
 * Bulk registration of boxes (issue 24 item 13): POST /api/sensor/import (admin) takes the
 * manufacturer's delivery note as CSV text: a header row naming the columns DevEUI, serial and model
 * (in any order; `;` or `,` between fields; a UTF-8 byte-order mark tolerated), one box a line.
 * With `commit: false` (the preview) nothing is written and the answer tells what would be added and
 * which lines are refused and why. With `commit: true` the lines are checked again and every valid
 * one is registered in one transaction (all or none); the refused ones are listed the same way.
 */

/** The most characters of CSV text one import takes (the body limit is a little above: 413). */
export const BOX_IMPORT_MAX_CHARS = 200_000;
/** The most boxes one import registers (lines after the header). */
export const BOX_IMPORT_MAX_LINES = 2000;
/** The longest serial number kept. */
export const BOX_SERIAL_MAX = 64;

export const boxImportRequestSchema = z.strictObject({
  data: z.strictObject({
    csv: z
      .string({ message: 'Send the CSV file as text' })
      .min(1, { message: 'The file is empty' })
      .max(BOX_IMPORT_MAX_CHARS, {
        message: `The file is too large: at most ${BOX_IMPORT_MAX_CHARS} characters`,
      }),
    commit: z.boolean({ message: 'commit is true (register) or false (preview)' }),
  }),
});

/**
 * Why a line is refused: no DevEUI, not 16 hexadecimal digits, twice in the file, registered
 * already; no serial, a serial too long, twice in the file, registered already; no model, a model we
 * do not know; a line with fields missing or too many.
 */
export const BOX_IMPORT_REASONS = [
  'deveui_missing',
  'deveui_invalid',
  'deveui_duplicate',
  'deveui_registered',
  'serial_missing',
  'serial_too_long',
  'serial_duplicate',
  'serial_registered',
  'model_missing',
  'model_unknown',
  'fields',
] as const;
export type BoxImportReason = (typeof BOX_IMPORT_REASONS)[number];

const boxLineSchema = z.object({
  /** The line number in the file (the header is line 1). */
  line: z.number().int(),
  deveui: z.string(),
  serial: z.string(),
  model: z.string(),
});

export const boxImportResponseSchema = z.object({
  data: z.object({
    /** True when the added boxes were registered; false for a preview. */
    committed: z.boolean(),
    added: z.array(boxLineSchema),
    refused: z.array(
      z.object({
        line: z.number().int(),
        /** What the line holds, as far as it could be read. */
        deveui: z.string(),
        reason: z.enum(BOX_IMPORT_REASONS),
        /** The reason in English words; the web shows its own text for `reason`. */
        message: z.string(),
        /** For a duplicate: the earlier line with the same value. */
        firstLine: z.number().int().optional(),
      }),
    ),
  }),
});
export type BoxImportResponse = z.infer<typeof boxImportResponseSchema>;
