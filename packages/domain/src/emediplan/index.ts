import { chmed16aOfPlan, planOfChmed16a } from './chmed16a';
import { chmed23aOfPlan, planOfChmed23a } from './chmed23a';
import type { EncodeOptions, LostPart } from './json';
import type { EmediplanFormat, ImportedPlan } from './plan';
import {
  EmediplanError,
  type EmediplanErrorCode,
  MAX_JSON_BYTES,
  parseJson,
  unwrapCode,
  wrapCode,
} from './transport';

export type { EncodeOptions, LostPart } from './json';
export {
  type EmediplanFormat,
  type ImportedMedicine,
  type ImportedPlan,
  importedMedicineSchema,
  importedPlanSchema,
  type MedicineIdentifier,
  medicineIdentifierSchema,
  type PatientIdentity,
  planPatientMatch,
} from './plan';
export { type Chunk, chunkOf, joinChunks, MAX_INPUT_CHARS, MAX_JSON_BYTES } from './transport';
export { EmediplanError, type EmediplanErrorCode };

export type DecodeResult =
  | { ok: true; plan: ImportedPlan }
  | { ok: false; error: { code: EmediplanErrorCode; path: string; message: string } };

/** Which format a bare JSON object is: CHMED23A writes its fields in camelCase, CHMED16A capitalised. */
function formatOfJson(value: unknown): EmediplanFormat {
  const keys = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  if (keys.some((k) => k === 'meds' || k === 'patient' || k === 'medType')) return 'CHMED23A';
  if (keys.some((k) => k === 'Medicaments' || k === 'Patient' || k === 'MedType')) return 'CHMED16A';
  throw new EmediplanError('invalid', '$', 'This JSON is not an eMediplan medication plan');
}

/**
 * The plan in an eMediplan code (a QR code's text: CHMED16A1…, CHMED16A0{…}, CHMED23A.…) or a plan
 * file's JSON (CHMED23A or CHMED16A). Never throws: a bad code answers its error's code, the path of
 * the field ('code' for the code itself) and an English message; the web shows the code in words.
 */
export function decodeEmediplan(input: string, maxBytes = MAX_JSON_BYTES): DecodeResult {
  try {
    const unwrapped = unwrapCode(input, maxBytes);
    const json = parseJson(unwrapped.json);
    const format = unwrapped.format ?? formatOfJson(json);
    return { ok: true, plan: format === 'CHMED16A' ? planOfChmed16a(json) : planOfChmed23a(json) };
  } catch (error) {
    if (!(error instanceof EmediplanError)) throw error;
    return { ok: false, error: { code: error.code, path: error.path, message: error.message } };
  }
}

export interface Encoded {
  /** The QR code's text: CHMED16A1… or CHMED23A.… */
  code: string;
  /** The medication object's JSON (a CHMED23A file's content). */
  json: string;
  /** Parts the format cannot say, left out of it. */
  lost: LostPart[];
}

/** A plan written in `format`: its JSON and its QR code text. */
export function encodeEmediplan(
  plan: ImportedPlan,
  format: EmediplanFormat,
  options: EncodeOptions = {},
): Encoded {
  const { json, lost } =
    format === 'CHMED16A' ? chmed16aOfPlan(plan, options) : chmed23aOfPlan(plan, options);
  const text = JSON.stringify(json);
  return { code: wrapCode(format, text), json: text, lost };
}
