import type { SensorChartResponse } from '@dosedot/domain';
import type { ChartRow } from './queries';

const iso = (ms: number) => new Date(ms).toISOString();

/** Points (readings, or bucket extremes) as parallel series on one time axis. */
export function presentChart(
  deveui: string,
  range: { from: number; to: number },
  points: ChartRow[],
  readings: number,
): SensorChartResponse {
  return {
    data: {
      deveui,
      from: iso(range.from),
      to: iso(range.to),
      sensorTime: points.map((r) => iso(r.measured_at)),
      temperature: points.map((r) => r.temperature),
      humidity: points.map((r) => r.humidity),
      battery: points.map((r) => r.battery),
      motion: points.map((r) => r.motion),
    },
    meta: { readings, points: points.length, downsampled: points.length < readings },
  };
}
