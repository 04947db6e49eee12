import { sql } from 'kysely';
import type { Db } from '../../db';
import type { SensorReading } from '../../db/types';

export type ChartRow = Pick<SensorReading, 'measured_at' | 'temperature' | 'humidity' | 'battery' | 'motion'>;

/** How many readings a sensor has in [from, to), and the first and last one's time (index only). */
export async function readingExtent(
  db: Db,
  sensorId: number,
  from: number,
  to: number,
): Promise<{ count: number; first: number | null; last: number | null }> {
  const row = await db
    .selectFrom('sensor_readings')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('measured_at').as('first'),
      eb.fn.max('measured_at').as('last'),
    ])
    .where('sensor_id', '=', sensorId)
    .where('measured_at', '>=', from)
    .where('measured_at', '<', to)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    first: row.first === null ? null : Number(row.first),
    last: row.last === null ? null : Number(row.last),
  };
}

/** A sensor's readings in [from, to), oldest first (index sensor_readings_sensor_time). */
export function readingsOfSensor(db: Db, sensorId: number, from: number, to: number): Promise<ChartRow[]> {
  return db
    .selectFrom('sensor_readings')
    .select(['measured_at', 'temperature', 'humidity', 'battery', 'motion'])
    .where('sensor_id', '=', sensorId)
    .where('measured_at', '>=', from)
    .where('measured_at', '<', to)
    .orderBy('measured_at')
    .execute();
}

/** One time bucket: its first and last reading time and each series' extremes (null: no value). */
export interface BucketRow {
  bucket: number;
  first_at: number;
  last_at: number;
  t_min: number | null;
  t_max: number | null;
  h_min: number | null;
  h_max: number | null;
  b_min: number | null;
  b_max: number | null;
  m_min: number | null;
  m_max: number | null;
}

/**
 * A sensor's readings in [from, to) grouped into buckets of `width` ms counted from `origin`: the
 * database reduces a year of readings to a few hundred rows instead of sending them all.
 */
export async function readingBuckets(
  db: Db,
  sensorId: number,
  from: number,
  to: number,
  origin: number,
  width: number,
): Promise<BucketRow[]> {
  const result = await sql<BucketRow>`
    select cast((measured_at - ${origin}) / ${width} as integer) as bucket,
      min(measured_at) as first_at, max(measured_at) as last_at,
      min(temperature) as t_min, max(temperature) as t_max,
      min(humidity) as h_min, max(humidity) as h_max,
      min(battery) as b_min, max(battery) as b_max,
      min(motion) as m_min, max(motion) as m_max
    from sensor_readings
    where sensor_id = ${sensorId} and measured_at >= ${from} and measured_at < ${to}
    group by 1
    order by 1`.execute(db);
  return result.rows.map((r) => ({ ...r, bucket: Number(r.bucket) }));
}
