import type { SensorChartResponse } from '@dosedot/domain';

export type SensorSeriesKey = 'temperature' | 'humidity' | 'battery' | 'motion';
export const SENSOR_SERIES: SensorSeriesKey[] = ['temperature', 'humidity', 'battery', 'motion'];

/** One series of the chart answer as [instant ms, value] pairs on its shared time axis (gaps stay null). */
export function seriesPoints(
  data: SensorChartResponse['data'],
  key: SensorSeriesKey,
): [number, number | null][] {
  const values = data[key];
  return data.sensorTime.map((time, i) => [Date.parse(time), values[i] ?? null]);
}

/** The lowest, highest and last value of a series, for the line under its chart; null when it is empty. */
export function seriesSummary(points: [number, number | null][]) {
  let min: number | null = null;
  let max: number | null = null;
  let last: number | null = null;
  for (const [, v] of points) {
    if (v === null) continue;
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
    last = v;
  }
  return last === null ? null : { min: min as number, max: max as number, last };
}

/** Whether any series has a value at all (a box may report only some of them). */
export const hasReadings = (data: SensorChartResponse['data']) =>
  SENSOR_SERIES.some((key) => data[key].some((v) => v !== null));
