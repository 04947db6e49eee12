import { isIsoDate } from '../time/dates';

/*
 * A medicine's start and end medication dates: local calendar dates 'YYYY-MM-DD' in the patient's
 * zone, both included. No end date means the medicine is ongoing. Start on the end date is allowed
 * (a one-day medicine); start after end is refused with the spec's message.
 */

export const START_AFTER_END_MESSAGE = 'The start date is greater than the end date';
export const INVALID_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';

export type MedicineDatesError =
  | { field: 'startDate' | 'endDate'; message: typeof INVALID_DATE_MESSAGE }
  | { field: 'endDate'; message: typeof START_AFTER_END_MESSAGE };

/**
 * The first problem with a medicine's date range, or null when it is valid: each date present must
 * be a real date, and start <= end when both are given.
 */
export function checkMedicineDates(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): MedicineDatesError | null {
  if (startDate != null && !isIsoDate(startDate))
    return { field: 'startDate', message: INVALID_DATE_MESSAGE };
  if (endDate != null && !isIsoDate(endDate)) return { field: 'endDate', message: INVALID_DATE_MESSAGE };
  if (startDate != null && endDate != null && startDate > endDate) {
    return { field: 'endDate', message: START_AFTER_END_MESSAGE };
  }
  return null;
}

/** True when local `date` lies within the medicine's dates (null start or end: open on that side). */
export const isWithinMedicineDates = (
  date: string,
  startDate: string | null,
  endDate: string | null,
): boolean => (startDate == null || date >= startDate) && (endDate == null || date <= endDate);
