/*
 * Refills (issue 26 item 6): a medicine's stock is counted once, when it is set; what is left is
 * worked out from the intakes since then (a matched press or a confirmation by hand draws one
 * intake's amount; an as-needed intake by hand its own amount), never kept, so nothing is counted
 * twice and a deleted confirmation gives its amount back. A refill reminder goes out once per
 * stock setting when fewer than the patient's refill days remain.
 */

/** Days of stock left below which a refill reminder goes out, unless the patient sets another. */
export const REFILL_DAYS = 7;
export const REFILL_DAYS_MAX = 60;

/** A medicine's stock as set: units counted at `stockAt`, and what one intake takes. */
export interface Stock {
  stock: number;
  /** Epoch ms when the stock was counted. */
  stockAt: number;
  perIntake: number;
}

/** One intake that draws from the stock: when, and how much when it says (else one intake's amount). */
export interface Drawn {
  at: number;
  amount: number | null;
}

/** Units left: the stock less every intake from its setting on; never below zero. */
export function stockLeft(stock: Stock, drawn: readonly Drawn[]): number {
  let left = stock.stock;
  for (const d of drawn) if (d.at >= stock.stockAt) left -= d.amount ?? stock.perIntake;
  return Math.max(0, Math.round(left * 100) / 100);
}

/**
 * Whole days the units left last at `dosesPerDay` intakes of `perIntake` a day; null when the
 * medicine has no daily doses to go by (as needed, or a posology other than daily times).
 */
export function daysLeft(left: number, perIntake: number, dosesPerDay: number): number | null {
  if (dosesPerDay <= 0 || perIntake <= 0) return null;
  return Math.floor(left / (perIntake * dosesPerDay));
}

/** Whether a refill reminder is due: fewer days left than the patient's refill days. */
export const refillDue = (days: number | null, refillDays: number): boolean =>
  days !== null && days < refillDays;

/** The refill reminder's key: once per medicine and stock setting (a new count starts afresh). */
export const refillKey = (medicineId: number, stockAt: number): string => `refill:${medicineId}:${stockAt}`;
