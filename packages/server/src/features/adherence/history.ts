import type { MedicineScheduleResponse } from '@dosedot/domain';
import type { Db } from '../../db';
import { createMedicineService, presentManualIntake } from '../medicines';
import { presentIntake } from './presenter';
import { createAdherenceService, type RangeAsked } from './service';

/**
 * A medicine of a profile with its schedules and its intakes over the range, newest first, and the
 * first instant the clock alone changes it (the adherence service's `changesAt`).
 */
export function createMedicineHistory(db: Db) {
  const medicines = createMedicineService(db);
  const adherence = createAdherenceService(db);
  return async (
    patient: { profileId: number; userId: number },
    medicineId: number,
    asked: RangeAsked,
  ): Promise<{ data: MedicineScheduleResponse['data']; changesAt: number }> => {
    const medicine = await medicines.get(patient.profileId, medicineId);
    const { result, manual, changesAt } = await adherence.compute(patient.profileId, asked, Date.now(), {
      start: medicine.start_date,
      end: medicine.end_date,
    });
    const history = result.days
      .flatMap((day) =>
        day.intakes
          .filter((i) => i.medicineIds.includes(medicine.id))
          .map((i) => presentIntake(day.date, i, medicine.id)),
      )
      .reverse();
    const own = manual
      .filter((m) => m.medicine_id === medicine.id)
      .map((m) => presentManualIntake(m, patient.userId))
      .reverse();
    return { data: { medicine, schedules: medicine.schedules, history, manual: own }, changesAt };
  };
}
