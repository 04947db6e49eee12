import type { Db } from '../../db';

export interface ChartRow {
  measured_at: number;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
  motion: number | null;
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
