import type { EditMedicineRequest, Medicine, MedicineInput } from '@dosedot/domain';
import { checkStorageRange } from '@dosedot/domain/storage';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { dataFieldError, notFound } from '../../lib/errors';

/** Writes the access into the patient's access log inside the write's transaction (the door's `record`). */
export type RecordAccess = (trx: Db, touched?: Record<string, unknown>) => Promise<void>;
const nothingToRecord: RecordAccess = async () => {};

import { posologyOfRow } from './posology';
import { presentMedicine, presentSchedule } from './presenter';
import {
  deleteMedicine,
  deleteSchedule,
  findMedicine,
  findSchedule,
  insertMedicine,
  insertSchedule,
  listMedicines,
  type MedicineFields,
  schedulesOf,
  updateMedicine,
} from './queries';

const medicineNotFound = () => notFound('Medicine not found');

/**
 * A patient's medicines and dosage times. Every call names the profile it acts for (the signed-in
 * user's, or the impersonated patient's): a medicine or schedule of another profile is not found.
 * `db` may be a transaction (db/transaction.ts). Each command runs in one transaction: what it
 * checks, what it writes and its access-log entry (the door's `record`) commit or fail together.
 */
export function createMedicineService(db: Db) {
  async function load(profileId: number, id: number): Promise<Medicine> {
    const row = await findMedicine(db, profileId, id);
    if (!row) throw medicineNotFound();
    return presentMedicine(row, await schedulesOf(db, [row.id]));
  }

  return {
    async list(profileId: number, type?: 1 | 2): Promise<Medicine[]> {
      const rows = await listMedicines(db, profileId, type);
      const schedules = await schedulesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => presentMedicine(r, schedules));
    },

    get: load,

    /** A new medicine with its dosage times (an as-needed medicine keeps none). */
    async add(profileId: number, input: MedicineInput, record = nothingToRecord): Promise<Medicine> {
      const { dosage_times, ...fields } = input;
      const id = await inTransaction(db, async (trx) => {
        // A stock is counted now: intakes from now on draw from it (refills).
        const row = await insertMedicine(trx, profileId, {
          ...fields,
          stock_at: fields.stock === null ? null : Date.now(),
        });
        if (fields.type === 1) for (const time of dosage_times) await insertSchedule(trx, row.id, time);
        await record(trx, { medicine: row.id, name: fields.name });
        return row.id;
      });
      return load(profileId, id);
    },

    /**
     * Several new medicines at once, each with its posology and no dosage times (an eMediplan
     * import): all are created or none, with one access-log entry naming them.
     */
    async addImported(
      profileId: number,
      medicines: readonly MedicineFields[],
      record = nothingToRecord,
    ): Promise<Medicine[]> {
      const ids = await inTransaction(db, async (trx) => {
        const now = Date.now();
        const rows = [];
        for (const fields of medicines) rows.push(await insertMedicine(trx, profileId, fields, now));
        await record(trx, { medicines: rows.map((r) => r.id), names: rows.map((r) => r.name) });
        return rows.map((r) => r.id);
      });
      return Promise.all(ids.map((id) => load(profileId, id)));
    },

    /** Changes the given fields; given dosage times replace the schedule. */
    async edit(
      profileId: number,
      changes: EditMedicineRequest['data'],
      record = nothingToRecord,
    ): Promise<Medicine> {
      const { id, dosage_times, ...fields } = changes;
      await inTransaction(db, async (trx) => {
        const current = await findMedicine(trx, profileId, id);
        if (!current) throw medicineNotFound();
        const start = fields.start_date ?? current.start_date;
        const end = fields.end_date === undefined ? current.end_date : fields.end_date;
        if (end !== null && start > end)
          throw dataFieldError('end_date', 'The start date is greater than the end date');
        // A limit changed alone must still fit the ones kept.
        const storage = checkStorageRange({
          storage_temp_min:
            fields.storage_temp_min === undefined ? current.storage_temp_min : fields.storage_temp_min,
          storage_temp_max:
            fields.storage_temp_max === undefined ? current.storage_temp_max : fields.storage_temp_max,
          storage_humidity_max:
            fields.storage_humidity_max === undefined
              ? current.storage_humidity_max
              : fields.storage_humidity_max,
        });
        if (storage) {
          // The lowest and highest temperature out of order: name the one this edit changed.
          const field =
            storage.field === 'storage_temp_max' && fields.storage_temp_max === undefined
              ? 'storage_temp_min'
              : storage.field;
          throw dataFieldError(field, storage.message);
        }
        // New dosage times or a new type replace an imported posology (decision 0014): the medicine
        // is one of daily times from then on.
        const replaced = dosage_times !== undefined || fields.type !== undefined;
        // A stock given is counted now: the count starts afresh (refills).
        const counted =
          fields.stock === undefined
            ? fields
            : { ...fields, stock_at: fields.stock === null ? null : Date.now() };
        await updateMedicine(trx, id, replaced ? { ...counted, posology: null } : counted);
        const type = fields.type ?? current.type;
        if (dosage_times !== undefined || type === 2) {
          const existing = await schedulesOf(trx, [id]);
          const wanted = new Set(type === 2 ? [] : (dosage_times ?? existing.map((s) => s.dosage_time)));
          for (const s of existing) if (!wanted.has(s.dosage_time)) await deleteSchedule(trx, s.id);
          const kept = new Set(existing.map((s) => s.dosage_time));
          for (const time of wanted) if (!kept.has(time)) await insertSchedule(trx, id, time);
        }
        await record(trx, { fields: Object.keys(changes).filter((k) => k !== 'id') });
      });
      return load(profileId, id);
    },

    async remove(profileId: number, id: number, record = nothingToRecord): Promise<void> {
      await inTransaction(db, async (trx) => {
        const medicine = await findMedicine(trx, profileId, id);
        if (!medicine) throw medicineNotFound();
        await deleteMedicine(trx, id);
        await record(trx, { name: medicine.name });
      });
    },

    async addSchedule(profileId: number, medicineId: number, dosageTime: string, record = nothingToRecord) {
      return inTransaction(db, async (trx) => {
        const medicine = await findMedicine(trx, profileId, medicineId);
        if (!medicine) throw dataFieldError('medicine', 'Medicine not found');
        if (medicine.type === 2)
          throw dataFieldError('medicine', 'An as-needed medicine has no dosage times');
        if (medicine.posology !== null)
          throw dataFieldError(
            'medicine',
            'This medicine follows its imported posology: edit its dosage times instead',
          );
        const existing = await schedulesOf(trx, [medicineId]);
        if (existing.some((s) => s.dosage_time === dosageTime))
          throw dataFieldError('dosage_time', 'This dosage time is already scheduled');
        const row = await insertSchedule(trx, medicineId, dosageTime);
        await record(trx);
        return presentSchedule(row);
      });
    },

    async removeSchedule(profileId: number, id: number, record = nothingToRecord): Promise<void> {
      await inTransaction(db, async (trx) => {
        const schedule = await findSchedule(trx, profileId, id);
        if (!schedule) throw notFound('Schedule not found');
        await deleteSchedule(trx, id);
        await record(trx, { medicine: schedule.medicine_id, time: schedule.dosage_time });
      });
    },

    /**
     * Every dosage time of the profile with its medicine, in order of the day; and every medicine
     * with a posology (decision 0014: its schedule is no list of daily times), by name, with it.
     */
    async profileSchedule(profileId: number) {
      const all = await listMedicines(db, profileId);
      const summary = (m: (typeof all)[number]) => ({
        id: m.id,
        name: m.name,
        type: m.type,
        strength: m.strength,
        galenic_form: m.galenic_form,
      });
      const timed = new Map(all.filter((m) => m.type === 1 && m.posology === null).map((m) => [m.id, m]));
      const schedules = await schedulesOf(db, [...timed.keys()]);
      const schedule = schedules
        .flatMap((s) => {
          const m = timed.get(s.medicine_id);
          return m ? [{ id: s.id, dosage_time: s.dosage_time, medicine: summary(m) }] : [];
        })
        .sort(
          (a, b) =>
            a.dosage_time.localeCompare(b.dosage_time) || a.medicine.name.localeCompare(b.medicine.name),
        );
      // In the order of listMedicines: by name.
      const posologies = all.flatMap((m) => {
        const posology = posologyOfRow(m);
        return posology ? [{ medicine: summary(m), posology }] : [];
      });
      return { schedule, posologies };
    },
  };
}
