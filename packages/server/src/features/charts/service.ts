import { CHART_MAX_POINTS, MAX_CHART_DAYS, type SensorChartResponse } from '@dosedot/domain';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import type { CurrentUser } from '../../plugins/auth';
import { clockOf, rangeOf } from '../sensors/clock';
import { findProfileByUser, findSensorByDeveui, intervalsOfSensorForProfile } from '../sensors/queries';
import { bucketPoints, bucketWidth } from './downsample';
import { presentChart } from './presenter';
import { type ChartRow, readingBuckets, readingExtent, readingsOfSensor } from './queries';

/**
 * The sensor chart: temperature, humidity, battery and motion of one box over a range: every reading
 * when there are at most CHART_MAX_POINTS, else min/max buckets (downsample.ts) with the peaks kept. A patient sees a box only if it is or was
 * theirs, and only the readings from while it was (other boxes are not found); an administrator
 * sees any box whole. Dates are whole days in the caller's profile zone.
 */
export function createChartService(db: Db, opts: { defaultTimezone: string; maxPoints?: number }) {
  const maxPoints = opts.maxPoints ?? CHART_MAX_POINTS;
  return {
    async chart(
      user: CurrentUser,
      request: { deveui: string; startdate: string; enddate: string },
    ): Promise<SensorChartResponse> {
      const sensor = await findSensorByDeveui(db, request.deveui);
      const profile = await findProfileByUser(db, user.id);
      const clock = clockOf(undefined, profile?.timezone ?? opts.defaultTimezone);
      const { from, to } = rangeOf(request.startdate, request.enddate, clock, MAX_CHART_DAYS, {
        start: 'data.startdate',
        end: 'data.enddate',
      });
      if (!sensor) throw notFound('Sensor not found');
      let windows: [number, number][] = [[from, to]];
      if (user.role !== 'admin') {
        const intervals = profile ? await intervalsOfSensorForProfile(db, sensor.id, profile.id) : [];
        if (intervals.length === 0) throw notFound('Sensor not found');
        windows = intervals
          .map((i): [number, number] => [Math.max(from, i.assigned_from), Math.min(to, i.assigned_to ?? to)])
          .filter(([a, b]) => a < b);
      }
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
