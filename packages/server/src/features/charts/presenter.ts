import type { SensorChartResponse } from '@dosedot/domain';
import type { ChartRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();

/** The kept readings (indices into rows) as parallel series on one time axis. */
export function presentChart(
  deveui: string,
  range: { from: number; to: number },
  rows: ChartRow[],
  keep: number[],
): SensorChartResponse {
  const kept = keep.map((i) => rows[i] as ChartRow);
  return {
    data: {
      deveui,
      from: iso(range.from),
      to: iso(range.to),
      sensorTime: kept.map((r) => iso(r.measured_at)),
      temperature: kept.map((r) => r.temperature),
      humidity: kept.map((r) => r.humidity),
      battery: kept.map((r) => r.battery),
      motion: kept.map((r) => r.motion),
    },
    meta: { readings: rows.length, points: kept.length, downsampled: kept.length < rows.length },
  };
}
