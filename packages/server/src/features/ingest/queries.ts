import { type CompiledQuery, type DialectAdapter, type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import type { ButtonPressesTable, Sensor, SensorReadingsTable, UplinksTable } from '../../db/types';

export type SensorRef = Pick<Sensor, 'id' | 'deveui' | 'device_profile'>;

/** Rows per multi-row insert: far below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 400;

function* chunks<T>(rows: T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export function sensorsByDeveui(db: Db, deveuis: string[]): Promise<SensorRef[]> {
  if (deveuis.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sensors')
    .select(['id', 'deveui', 'device_profile'])
    .where('deveui', 'in', deveuis)
    .execute();
}

/** Registers devices seen for the first time, unassigned; a DevEUI another copy just added is skipped. */
export function insertSensors(
  db: Db,
  rows: { deveui: string; device_profile: string; name: string | null; created_at: number }[],
): Promise<SensorRef[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('sensors')
    .values(rows)
    .onConflict((oc) => oc.column('deveui').doNothing())
    .returning(['id', 'deveui', 'device_profile'])
    .execute();
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

/** The summary update compiled once per engine: it runs for every device in every ingestion batch. */
const summaryUpdates = new WeakMap<DialectAdapter, CompiledQuery>();

/**
 * The device summary from its newest uplink: battery and button mode when reported (null keeps what
 * is there), and when it was last heard. An uplink older than what the summary shows (a late retry)
 * leaves it alone.
 */
export async function updateSensorSummary(
  db: Db,
  sensorId: number,
  summary: { at: number; battery: number | null; buttonmode: string | null },
): Promise<void> {
  const adapter = db.getExecutor().adapter;
  let query = summaryUpdates.get(adapter);
  if (!query) {
    query = sql`update sensors set last_uplink_at = ${0}, battery = coalesce(${0}, battery),
      buttonmode = coalesce(${''}, buttonmode)
      where id = ${0} and (last_uplink_at is null or last_uplink_at <= ${0})`.compile(db);
    summaryUpdates.set(adapter, query);
  }
  await db.executeQuery({
    ...query,
    parameters: [summary.at, summary.battery, summary.buttonmode, sensorId, summary.at],
  });
}

/**
 * The battery the network server learned (ChirpStack status event) at `at`, unless the device has
 * sent a newer uplink: older data never rolls a value back. Nothing else of the summary changes
 * (a status event is not an uplink). False when the event was too old.
 */
export async function updateSensorBattery(
  db: Db,
  sensorId: number,
  battery: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sensors')
    .set({ battery })
    .where('id', '=', sensorId)
    .where((eb) => eb.or([eb('last_uplink_at', 'is', null), eb('last_uplink_at', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * SQLite only: whether a commit waits until the write-ahead log is on disk (FULL) or not (NORMAL,
 * the connection's default). Ingestion commits with FULL: an uplink is acknowledged only when durable.
 */
export async function setSqliteSynchronous(db: Db, level: 'FULL' | 'NORMAL'): Promise<void> {
  await sql.raw(`pragma synchronous = ${level === 'FULL' ? 'FULL' : 'NORMAL'}`).execute(db);
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
