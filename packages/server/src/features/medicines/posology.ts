import type { MedicineSchedule } from '@dosedot/domain/adherence';
import { type Posology, posologyOfDailyTimes } from '@dosedot/domain/posology';
import { fromApiDosageTime } from '@dosedot/domain/time';
import type { MedicineRow } from './queries';

/**
 * A medicine's posology as stored (decision 0014): the JSON was checked by `posologySchema` when it
 * was written, so it is read as it is; null for a medicine of daily dosage times.
 */
export const posologyOfRow = (row: Pick<MedicineRow, 'posology'>): Posology | null =>
  row.posology === null ? null : (JSON.parse(row.posology) as Posology);

/**
 * What the domain's engine schedules of a medicine: its posology when it has one, else its daily
 * times (an as-needed medicine has none). `times` are the medicine's dosage times.
 */
export function scheduleOfRow(
  row: Pick<MedicineRow, 'id' | 'type' | 'start_date' | 'end_date' | 'posology'>,
  times: readonly string[],
): MedicineSchedule {
  const posology = posologyOfRow(row);
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    times: row.type === 1 && posology === null ? [...times] : [],
    ...(posology === null ? {} : { posology }),
  };
}

/** The posology of any medicine: its own, or that of its daily times (what the eMediplan export writes). */
export const fullPosologyOf = (schedule: MedicineSchedule): Posology =>
  schedule.posology
    ? [...schedule.posology]
    : posologyOfDailyTimes({ ...schedule, times: schedule.times.map(fromApiDosageTime) });
