import type { ManualIntake, Medicine, Schedule } from '@dosedot/domain';
import type { MedicineIdentifier } from '@dosedot/domain/emediplan';
import { posologyOfRow } from './posology';
import type { ManualIntakeRow, MedicineRow, ScheduleRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();

export const presentSchedule = (row: ScheduleRow): Schedule => ({
  id: row.id,
  dosage_time: row.dosage_time,
  medicine: row.medicine_id,
});

/** A medicine with its schedules (rows of any medicines; this one's are picked). */
export function presentMedicine(row: MedicineRow, schedules: ScheduleRow[]): Medicine {
  const own = schedules.filter((s) => s.medicine_id === row.id);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    strength: row.strength,
    galenic_form: row.galenic_form,
    start_date: row.start_date,
    end_date: row.end_date,
    dosage_times: own.map((s) => s.dosage_time),
    storage_temp_min: row.storage_temp_min,
    storage_temp_max: row.storage_temp_max,
    storage_humidity_max: row.storage_humidity_max,
    posology: posologyOfRow(row),
    identifier:
      row.identifier_type === null || row.identifier_value === null
        ? null
        : { type: row.identifier_type as MedicineIdentifier['type'], value: row.identifier_value },
    note: row.note,
    stock: row.stock,
    stock_at: row.stock_at === null ? null : iso(Number(row.stock_at)),
    per_intake: row.per_intake,
    schedules: own.map(presentSchedule),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** An intake entered by hand; `patientUserId` tells whether the patient entered it themself. */
export const presentManualIntake = (row: ManualIntakeRow, patientUserId: number): ManualIntake => ({
  id: row.id,
  medicineId: row.medicine_id,
  takenAt: iso(row.taken_at),
  amount: row.amount,
  scheduledAt: row.scheduled_at === null ? null : iso(row.scheduled_at),
  enteredBy: row.entered_by,
  enteredBySelf: row.entered_by === patientUserId,
  enteredAt: iso(row.entered_at),
});
