import { addDays } from '@dosedot/domain/time';
import { usePatientProfile } from '../../../lib/impersonation';
import { useViewer } from '../../../lib/viewer';
import { useAdherence } from '../api/get-adherence';

/** Today's and tomorrow's chart days (tomorrow holds the next dose after the last of today). */
export function useToday() {
  const { today } = useViewer();
  const profile = usePatientProfile();
  const adherence = useAdherence({ from: today, to: addDays(today, 1) });
  return { today, profile, adherence };
}
