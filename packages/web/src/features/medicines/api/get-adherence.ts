import {
  type DateRange,
  adherenceQueryOptions as sharedOptions,
  useAdherenceQuery,
} from '../../../lib/adherence';
import type { Patient } from '../../../lib/impersonation';
import { medicineKeys } from './keys';

export type { Adherence } from '../../../lib/adherence';

/** The medicine pages' figures (the doctor's report fetches them too). */
export const adherenceQueryOptions = (patient: Patient, range: DateRange) =>
  sharedOptions(medicineKeys.adherence, patient, range);

export function useAdherence(range: DateRange) {
  return useAdherenceQuery(medicineKeys.adherence, range);
}
