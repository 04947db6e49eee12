import type { HealthDataResponse } from '@dosedot/domain/health';
import type { Db } from '../../db';
import { listMedicines, scheduleOfRow, schedulesOf } from '../medicines';
import { findPatient } from '../profiles';
import { toFhirBundle } from './fhir';

/** The FHIR Bundle of a patient: their name from the profile, My Health Data and every medicine. */
export async function fhirBundleOf(
  db: Db,
  who: { profileId: number; profileuid: string; email: string },
  health: HealthDataResponse['data'] | null,
  today: string,
) {
  const patient = await findPatient(db, { profileId: who.profileId });
  const medicines = await listMedicines(db, who.profileId);
  const schedules = await schedulesOf(
    db,
    medicines.map((m) => m.id),
  );
  return toFhirBundle({
    patient: {
      profileuid: who.profileuid,
      givenname: patient?.givenname ?? '',
      familyname: patient?.familyname ?? '',
      email: who.email,
    },
    health,
    medicines: medicines.map((m) => {
      const times = schedules.filter((s) => s.medicine_id === m.id).map((s) => s.dosage_time);
      return { ...m, times, posology: scheduleOfRow(m, times).posology ?? null };
    }),
    today,
  });
}
