import { type CompiledQuery, type DialectAdapter, sql } from 'kysely';
import type { Db } from '../../db';
import type { Sensor } from '../../db/types';

/*
 * The boxes as ingestion meets them: found by DevEUI, registered when first heard, and their summary
 * (battery, button mode, last heard) kept from their uplinks. Who holds a box is in queries.ts.
 */

export type SensorRef = Pick<Sensor, 'id' | 'deveui' | 'device_profile'>;

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
