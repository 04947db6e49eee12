import { usePatientProfile } from '../../../lib/impersonation';
import { useAdherence } from '../api/get-adherence';
import { addDays } from '../utils/dates';
import { usePatientClock } from './use-patient-clock';

/** Today's and tomorrow's chart days (tomorrow holds the next dose after the last of today). */
export function useToday() {
  const clock = usePatientClock();
  const profile = usePatientProfile();
  const adherence = useAdherence({ from: clock.today, to: addDays(clock.today, 1) });
  return { ...clock, profile, adherence };
}
