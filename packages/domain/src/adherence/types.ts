import type { Amount, PosologyPart } from '../posology/model';

/** A medicine's id as the caller knows it (database ids are numbers, tests may use strings). */
export type MedicineId = string | number;

/**
 * What the engine needs of a medicine: its dates and its daily dosage times in the patient's zone.
 * A type-2 (as needed) medicine has no times and produces no intakes.
 */
export interface MedicineSchedule {
  id: MedicineId;
  /** First local date of the medication, 'YYYY-MM-DD'; null: as far back as the range asked. */
  startDate: string | null;
  /** Last local date, included; null: ongoing. */
  endDate: string | null;
  /** Local wall-clock times 'HH:MM' (the API form 'HH:MM:00.000' is accepted too). */
  times: readonly string[];
  /**
   * The medicine's posology (posology/model.ts): when set, its doses follow it (every N days,
   * weekdays, cycles, day segments…) and `times` is not read; parts in reserve or free text give none.
   */
  posology?: readonly PosologyPart[] | null;
  /**
   * The instant DoseDot starts tracking it (tracking.ts `trackingStart`): a dose scheduled before it is
   * 'not_tracked' unless a press matches it or it is confirmed by hand. Absent or null: always tracked.
   */
  trackedFrom?: number | null;
}

/** A scheduled dose the patient confirmed by hand (no box press): the medicine and the dose's instant. */
export interface DoseConfirmation {
  medicineId: MedicineId;
  scheduledAt: number;
}

/** Local dates 'YYYY-MM-DD', both included. */
export interface DateRange {
  from: string;
  to: string;
}

/** A span of time [start, end) in epoch ms. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** How much one dose is, when the medicine's posology says it (a medicine of daily times has none: one unit). */
export interface DoseAmount {
  amount: Amount;
  /** The posology's unit ('Stk', 'ml', a code of the plan); null when it gives none. */
  unit: string | null;
}

/** One scheduled dose of one medicine. */
export interface DoseInstance {
  medicineId: MedicineId;
  /** The local date of the schedule entry (a 01:00 dose keeps its own date; its chart day is the one before). */
  date: string;
  /** The schedule time as given. */
  time: string;
  /** The UTC instant, epoch ms. */
  scheduledAt: number;
  /** Its amount and unit, for a medicine with a posology. */
  dose?: DoseAmount;
}

/** The doses due at one instant: one press takes them all. */
export interface Intake {
  scheduledAt: number;
  /** Each medicine once, in the order the medicines were given. */
  medicineIds: MedicineId[];
  /** The amount of each medicine whose posology gives one (absent when none does). */
  amounts?: Map<MedicineId, DoseAmount>;
}

/** How close a press came to its intake: the dot colour. */
export type Band = 'on_time' | 'about_1h' | 'over_2h';

/**
 * Taken (a press is matched), by hand (no press, confirmed by hand), not tracked (no press, scheduled
 * before DoseDot tracked the medicine), missed (none, and none can come any more) or pending.
 */
export type IntakeStatus = 'taken' | 'by_hand' | 'not_tracked' | 'missed' | 'pending';
