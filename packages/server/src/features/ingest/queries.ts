import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { ButtonPressesTable, SensorReadingsTable, UplinksTable } from '../../db/types';

/** Rows per multi-row insert: far below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 400;

function* chunks<T>(rows: T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Stores uplinks; one whose identity or frame key is already stored is skipped (any unique column:
 * `do nothing` without a target, the same on SQLite and PostgreSQL). Returns the new rows' ids.
 */
export async function insertUplinks(
  db: Db,
  rows: Insertable<UplinksTable>[],
): Promise<{ id: number; identity: string }[]> {
  const out: { id: number; identity: string }[] = [];
  for (const chunk of chunks(rows)) {
    out.push(
      ...(await db
        .insertInto('uplinks')
        .values(chunk)
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'identity'])
        .execute()),
    );
  }
  return out;
}

export async function insertReadings(db: Db, rows: Insertable<SensorReadingsTable>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('sensor_readings').values(chunk).execute();
}

export async function insertPresses(db: Db, rows: Insertable<ButtonPressesTable>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('button_presses').values(chunk).execute();
}

/**
 * The dosage times of the patients who hold these boxes (the simulator presses near them), with the
 * patient's zone; a box without a patient or schedule is absent.
 */
export function schedulesOfBoxes(
  db: Db,
  deveuis: string[],
): Promise<{ deveui: string; timezone: string; dosage_time: string }[]> {
  if (deveuis.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sensors')
    .innerJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .innerJoin('medicines', 'medicines.profile_id', 'profiles.id')
    .innerJoin('medicine_schedules', 'medicine_schedules.medicine_id', 'medicines.id')
    .select(['sensors.deveui', 'profiles.timezone', 'medicine_schedules.dosage_time'])
    .where('sensors.deveui', 'in', deveuis)
    .where('medicines.type', '=', 1)
    .distinct()
    .orderBy('sensors.deveui')
    .orderBy('medicine_schedules.dosage_time')
    .execute();
}
