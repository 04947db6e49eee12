import { z } from 'zod';
import { posologyPartSchema } from '../posology/model';
import { foldForSearch } from '../search/fold';

/*
 * A medication plan read from eMediplan (CHMED16A or CHMED23A), in terms neither format owns: what
 * DoseDot needs to show the patient the medicines it would create and to create them. What the
 * formats carry beyond it (address, risks, prescriber, route of administration, meals) is left out.
 */

export type EmediplanFormat = 'CHMED16A' | 'CHMED23A';

const text = (max: number) => z.string().max(max).nullable();

/** eMediplan's IdType: 2 GTIN, 3 Pharmacode, 4 product number (1, none, gives the name instead). */
export const medicineIdentifierSchema = z.object({
  type: z.enum(['gtin', 'pharmacode', 'productNumber']),
  value: z.string().min(1).max(100),
});
export type MedicineIdentifier = z.infer<typeof medicineIdentifierSchema>;

export const importedMedicineSchema = z
  .object({
    /** The plan's own text for the medicine (IdType 'none'); null when it names it by an identifier only. */
    name: text(10_000),
    identifier: medicineIdentifierSchema.nullable(),
    /** Why it is taken (TkgRsn / rsn). */
    reason: text(10_000),
    /** How to take it (AppInstr / appInstr; CHMED23A's per-posology texts joined, each once). */
    instructions: text(10_000),
    /** Taken without a prescription (AutoMed). */
    selfMedication: z.boolean(),
    /** Empty when the plan gives none: DoseDot imports the medicine as type 2 with no note. */
    posology: z.array(posologyPartSchema).max(20),
  })
  .refine((m) => m.name !== null || m.identifier !== null, {
    message: 'A medicine needs its name or an identifier',
    path: ['name'],
  });
export type ImportedMedicine = z.infer<typeof importedMedicineSchema>;

/** A plan as the import shows it; the server checks what the web sends back against this schema. */
export const importedPlanSchema = z.object({
  format: z.enum(['CHMED16A', 'CHMED23A']),
  patient: z.object({ firstName: text(200), lastName: text(200), birthDate: text(10) }),
  /** When the plan was written (Dt / dt), as the plan gives it. */
  issuedAt: text(40),
  /** The author's remark for the patient (Rmk / rmk). */
  remark: text(10_000),
  medicines: z.array(importedMedicineSchema).max(200),
});
export type ImportedPlan = z.infer<typeof importedPlanSchema>;

export interface PatientIdentity {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
}

/**
 * Whether a plan is for this patient: 'same' when its names (case, accents and spaces ignored) and
 * birth date equal the profile's, 'different' when one of them differs, 'unknown' when the plan or
 * the profile leaves one out. The import asks for a confirmation unless 'same'.
 */
export function planPatientMatch(
  plan: PatientIdentity,
  profile: PatientIdentity,
): 'same' | 'different' | 'unknown' {
  const fold = (s: string | null) => (s === null ? null : foldForSearch(s));
  const pairs: [string | null, string | null][] = [
    [fold(plan.firstName), fold(profile.firstName)],
    [fold(plan.lastName), fold(profile.lastName)],
    [plan.birthDate, profile.birthDate],
  ];
  if (pairs.some(([a, b]) => a !== null && b !== null && a !== '' && b !== '' && a !== b)) return 'different';
  if (pairs.some(([a, b]) => a === null || b === null || a === '' || b === '')) return 'unknown';
  return 'same';
}
