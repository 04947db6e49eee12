import type { Db } from '../../db';
import type { ManualIntake, Medicine, MedicineSchedule } from '../../db/types';

export type MedicineRow = Medicine;
export type ScheduleRow = MedicineSchedule;
export type ManualIntakeRow = ManualIntake;

export type MedicineFields = Pick<
  Medicine,
  | 'name'
  | 'type'
  | 'description'
  | 'strength'
  | 'galenic_form'
  | 'start_date'
  | 'end_date'
  | 'storage_temp_min'
  | 'storage_temp_max'
  | 'storage_humidity_max'
> &
  Partial<
    Pick<
      Medicine,
      'posology' | 'identifier_type' | 'identifier_value' | 'note' | 'stock' | 'stock_at' | 'per_intake'
    >
  >;

export function listMedicines(db: Db, profileId: number, type?: 1 | 2): Promise<MedicineRow[]> {
  let q = db.selectFrom('medicines').selectAll().where('profile_id', '=', profileId);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('name').orderBy('id').execute();
}

/** The profile's medicines that keep a stock (refills, issue 26 item 6), with its count and setting. */
export async function medicinesWithStock(db: Db, profileId: number) {
  const rows = await db
    .selectFrom('medicines')
    .select(['id', 'type', 'posology', 'stock', 'stock_at', 'per_intake'])
    .where('profile_id', '=', profileId)
    .where('stock', 'is not', null)
    .where('stock_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) =>
    r.stock === null || r.stock_at === null ? [] : [{ ...r, stock: r.stock, stock_at: Number(r.stock_at) }],
  );
}

/** A medicine of this profile only: someone else's id finds nothing. */
export function findMedicine(db: Db, profileId: number, id: number): Promise<MedicineRow | undefined> {
  return db
    .selectFrom('medicines')
    .selectAll()
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function insertMedicine(
  db: Db,
  profileId: number,
  fields: MedicineFields,
  now = Date.now(),
): Promise<MedicineRow> {
  return db
    .insertInto('medicines')
    .values({ ...fields, profile_id: profileId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateMedicine(
  db: Db,
  id: number,
  fields: Partial<MedicineFields>,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('medicines')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a medicine; its schedules go with it (foreign key), recorded presses stay. */
export async function deleteMedicine(db: Db, id: number): Promise<void> {
  await db.deleteFrom('medicine_schedules').where('medicine_id', '=', id).execute();
  await db.deleteFrom('medicine_intakes').where('medicine_id', '=', id).execute();
  await db.deleteFrom('manual_intakes').where('medicine_id', '=', id).execute();
  await db.deleteFrom('medicines').where('id', '=', id).execute();
}

export function schedulesOf(db: Db, medicineIds: number[]): Promise<ScheduleRow[]> {
  if (medicineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('medicine_schedules')
    .selectAll()
    .where('medicine_id', 'in', medicineIds)
    .orderBy('dosage_time')
    .orderBy('id')
    .execute();
}

export async function insertSchedule(
  db: Db,
  medicineId: number,
  dosageTime: string,
  now = Date.now(),
): Promise<ScheduleRow> {
  return db
    .insertInto('medicine_schedules')
    .values({ medicine_id: medicineId, dosage_time: dosageTime, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A schedule whose medicine belongs to this profile. */
export function findSchedule(db: Db, profileId: number, id: number): Promise<ScheduleRow | undefined> {
  return db
    .selectFrom('medicine_schedules')
    .innerJoin('medicines', 'medicines.id', 'medicine_schedules.medicine_id')
    .selectAll('medicine_schedules')
    .where('medicine_schedules.id', '=', id)
    .where('medicines.profile_id', '=', profileId)
    .executeTakeFirst();
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('medicine_schedules').where('id', '=', id).execute();
}

/** The names of the profile's medicines among these ids (the access log names what was opened). */
export function medicineNames(db: Db, profileId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('medicines')
    .select(['id', 'name'])
    .where('profile_id', '=', profileId)
    .where('id', 'in', ids)
    .execute();
}

export function insertManualIntake(db: Db, values: Omit<ManualIntakeRow, 'id'>): Promise<ManualIntakeRow> {
  return db.insertInto('manual_intakes').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An intake entered by hand whose medicine belongs to this profile. */
export function findManualIntake(
  db: Db,
  profileId: number,
  id: number,
): Promise<ManualIntakeRow | undefined> {
  return db
    .selectFrom('manual_intakes')
    .innerJoin('medicines', 'medicines.id', 'manual_intakes.medicine_id')
    .selectAll('manual_intakes')
    .where('manual_intakes.id', '=', id)
    .where('medicines.profile_id', '=', profileId)
    .executeTakeFirst();
}

/** The confirmation by hand of one dose of a medicine, if any. */
export function findDoseConfirmation(
  db: Db,
  medicineId: number,
  scheduledAt: number,
): Promise<ManualIntakeRow | undefined> {
  return db
    .selectFrom('manual_intakes')
    .selectAll()
    .where('medicine_id', '=', medicineId)
    .where('scheduled_at', '=', scheduledAt)
    .executeTakeFirst();
}

export async function deleteManualIntake(db: Db, id: number): Promise<void> {
  await db.deleteFrom('manual_intakes').where('id', '=', id).execute();
}

/**
 * The profile's intakes entered by hand taken, or confirming a dose scheduled, in [from, to):
 * oldest first.
 */
export function manualIntakesOfProfile(
  db: Db,
  profileId: number,
  from: number,
  to: number,
): Promise<ManualIntakeRow[]> {
  return db
    .selectFrom('manual_intakes')
    .innerJoin('medicines', 'medicines.id', 'manual_intakes.medicine_id')
    .selectAll('manual_intakes')
    .where('medicines.profile_id', '=', profileId)
    .where((eb) =>
      eb.or([
        eb.and([eb('manual_intakes.taken_at', '>=', from), eb('manual_intakes.taken_at', '<', to)]),
        eb.and([eb('manual_intakes.scheduled_at', '>=', from), eb('manual_intakes.scheduled_at', '<', to)]),
      ]),
    )
    .orderBy('manual_intakes.taken_at')
    .orderBy('manual_intakes.id')
    .execute();
}
