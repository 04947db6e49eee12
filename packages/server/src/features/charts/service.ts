import { CHART_MAX_POINTS, MAX_CHART_DAYS, type SensorChartResponse } from '@dosedot/domain';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { clockOf, findSensorByDeveui, intervalsOfSensor, rangeOf } from '../sensors';
import { bucketPoints, bucketWidth } from './downsample';
import { presentChart } from './presenter';
import { type ChartRow, readingBuckets, readingExtent, readingsOfSensor } from './queries';

/** Whose box readings a chart call may show: the door's subject, and whether the caller runs the fleet. */
export interface ChartViewer {
  profileId: number;
  timezone: string;
  /** An administrator: also the box's readings from while no patient held it (fleet telemetry). */
  fleet: boolean;
}

/** The parts of [from, to) outside every interval (the times nobody held the box). */
export function gaps(
  from: number,
  to: number,
  intervals: { assigned_from: number; assigned_to: number | null }[],
) {
  const out: [number, number][] = [];
  let at = from;
  for (const i of [...intervals].sort((a, b) => a.assigned_from - b.assigned_from)) {
    if (i.assigned_from > at) out.push([at, Math.min(i.assigned_from, to)]);
    at = Math.max(at, i.assigned_to ?? to);
    if (at >= to) break;
  }
  if (at < to) out.push([at, to]);
  return out.filter(([a, b]) => a < b);
}

/**
 * The sensor chart: temperature, humidity, battery and motion of one box over a range: every reading
 * when there are at most CHART_MAX_POINTS, else min/max buckets (downsample.ts) with the peaks kept.
 * A box's readings are tied to the patient who held it: the chart shows those from while it was the
 * subject's (the door decides who the subject is), and to an administrator also those from while
 * nobody held it; another patient's stretches never. Dates are whole days in the subject's zone.
 */
export function createChartService(db: Db, opts: { maxPoints?: number }) {
  const maxPoints = opts.maxPoints ?? CHART_MAX_POINTS;
  return {
    async chart(
      viewer: ChartViewer,
      request: { deveui: string; startdate: string; enddate: string },
    ): Promise<SensorChartResponse> {
      const sensor = await findSensorByDeveui(db, request.deveui);
      const clock = clockOf(undefined, viewer.timezone);
      const { from, to } = rangeOf(request.startdate, request.enddate, clock, MAX_CHART_DAYS, {
        start: 'data.startdate',
        end: 'data.enddate',
      });
      if (!sensor) throw notFound('Sensor not found');
      const held = await intervalsOfSensor(db, sensor.id);
      const theirs = held.filter((i) => i.profile_id === viewer.profileId);
      if (theirs.length === 0 && !viewer.fleet) throw notFound('Sensor not found');
      const windows = theirs
        .map((i): [number, number] => [Math.max(from, i.assigned_from), Math.min(to, i.assigned_to ?? to)])
        .concat(viewer.fleet ? gaps(from, to, held) : [])
        .filter(([a, b]) => a < b)
        .sort((a, b) => a[0] - b[0]);
      let readings = 0;
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const [a, b] of windows) {
        const extent = await readingExtent(db, sensor.id, a, b);
        readings += extent.count;
        first = Math.min(first, extent.first ?? first);
        last = Math.max(last, extent.last ?? last);
      }
      const points: ChartRow[] = [];
      if (readings <= maxPoints) {
        for (const [a, b] of windows) points.push(...(await readingsOfSensor(db, sensor.id, a, b)));
      } else {
        // One grid over the readings of every window; a bucket cut by a window edge may give two
        // points on each side, so each window takes one bucket off the budget.
        const origin = first;
        const width = bucketWidth(first, last + 1, maxPoints - 2 * windows.length);
        for (const [a, b] of windows)
          points.push(...bucketPoints(await readingBuckets(db, sensor.id, a, b, origin, width)));
      }
      return presentChart(sensor.deveui, { from, to }, points, readings);
    },
  };
}
