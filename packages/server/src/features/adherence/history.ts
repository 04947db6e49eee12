import type { MedicineScheduleResponse } from '@dosedot/domain';
import type { Db } from '../../db';
import { createMedicineService } from '../medicines';
import { presentIntake } from './presenter';
import { createAdherenceService, type RangeAsked } from './service';

/** A medicine of a profile with its schedules and its intakes over the range, newest first. */
export function createMedicineHistory(db: Db) {
  const medicines = createMedicineService(db);
  const adherence = createAdherenceService(db);
  return async (
    profileId: number,
    medicineId: number,
    asked: RangeAsked,
  ): Promise<MedicineScheduleResponse['data']> => {
    const medicine = await medicines.get(profileId, medicineId);
    const { result } = await adherence.compute(profileId, asked, Date.now(), {
      start: medicine.start_date,
      end: medicine.end_date,
    });
    const history = result.days
      .flatMap((day) =>
        day.intakes.filter((i) => i.medicineIds.includes(medicine.id)).map((i) => presentIntake(day.date, i)),
      )
      .reverse();
    return { medicine, schedules: medicine.schedules, history };
  };
}
