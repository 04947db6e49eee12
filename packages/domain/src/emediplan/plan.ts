import type { PosologyPart } from '../posology/model';
import { foldForSearch } from '../search/fold';

/*
 * A medication plan read from eMediplan (CHMED16A or CHMED23A), in terms neither format owns: what
 * DoseDot needs to show the patient the medicines it would create and to create them. What the
 * formats carry beyond it (address, risks, prescriber, route of administration, meals) is left out.
 */

export type EmediplanFormat = 'CHMED16A' | 'CHMED23A';

/** eMediplan's IdType: 2 GTIN, 3 Pharmacode, 4 product number (1, none, gives the name instead). */
export type MedicineIdentifier = { type: 'gtin' | 'pharmacode' | 'productNumber'; value: string };

export interface ImportedMedicine {
  /** The plan's own text for the medicine (IdType 'none'); null when it names it by an identifier only. */
  name: string | null;
  identifier: MedicineIdentifier | null;
  /** Why it is taken (TkgRsn / rsn). */
  reason: string | null;
  /** How to take it (AppInstr / appInstr; CHMED23A's per-posology texts joined, each once). */
  instructions: string | null;
  /** Taken without a prescription (AutoMed). */
  selfMedication: boolean;
  /** Empty when the plan gives none: DoseDot imports the medicine as type 2 with no note. */
  posology: PosologyPart[];
}

export interface ImportedPlan {
  format: EmediplanFormat;
  patient: { firstName: string | null; lastName: string | null; birthDate: string | null };
  /** When the plan was written (Dt / dt), as the plan gives it. */
  issuedAt: string | null;
  /** The author's remark for the patient (Rmk / rmk). */
  remark: string | null;
  medicines: ImportedMedicine[];
}

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
