import { sql } from 'kysely';
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

/** A device's summary from its newest uplink in a batch. */
export interface SensorSummary {
  sensorId: number;
  at: number;
  battery: number | null;
  buttonmode: string | null;
}

/** Summaries per statement: four parameters each, far below either engine's limit. */
const SUMMARIES_PER_UPDATE = 500;

/**
 * The device summaries from their newest uplinks, in one statement per 500 devices (an ingestion
 * batch: one round trip and, on PostgreSQL, one run of the version trigger, not one per device):
 * battery and button mode when reported (null keeps what is there), and when it was last heard. An
 * uplink older than what the summary shows (a late retry) leaves that device alone. VALUES names its
 * columns column1… on both engines; the casts give PostgreSQL their types.
 */
export async function updateSensorSummaries(db: Db, summaries: SensorSummary[]): Promise<void> {
  for (let i = 0; i < summaries.length; i += SUMMARIES_PER_UPDATE) {
    const rows = summaries
      .slice(i, i + SUMMARIES_PER_UPDATE)
      .map(
        (s) =>
          sql`(cast(${s.sensorId} as integer), cast(${s.at} as bigint), cast(${s.battery} as double precision), cast(${s.buttonmode} as varchar))`,
      );
    await sql`update sensors set last_uplink_at = v.column2, battery = coalesce(v.column3, sensors.battery),
      buttonmode = coalesce(v.column4, sensors.buttonmode)
      from (values ${sql.join(rows)}) as v
      where sensors.id = v.column1 and (sensors.last_uplink_at is null or sensors.last_uplink_at <= v.column2)`.execute(
      db,
    );
  }
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
