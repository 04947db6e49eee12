import {
  allows,
  type SensorChartRequest,
  sensorChartRequestSchema,
  sensorChartResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FLEET, keepUntil } from '../../plugins/answers';
import { reads, subjectOf } from '../../plugins/subject';
import { createChartService } from './service';

/**
 * POST /api/medicine-history/chart: a box's sensor series (behind the door: the subject's stretches
 * of the box; to an administrator also its stretches without a holder).
 */
export const chartRoutes: FastifyPluginAsyncZod = async (app) => {
  const charts = createChartService(app.db, {});

  app.post(
    '/medicine-history/chart',
    {
      config: reads('read_chart', (r) => {
        const { deveui, startdate, enddate } = (r.body as { data: Record<string, string> }).data;
        return { deveui, from: startdate, to: enddate };
      }),
      schema: { body: sensorChartRequestSchema, response: { 200: sensorChartResponseSchema } },
    },
    // Kept while the data is unchanged (plugins/answers.ts); an administrator also sees stretches of
    // the box without a holder, so their answers follow the fleet's version too.
    app.keptAnswer(
      (request) => {
        const subject = subjectOf(request);
        return {
          versions: allows(subject.actor, 'admin') ? [subject.profileId, FLEET] : [subject.profileId],
        };
      },
      async (request: FastifyRequest<{ Body: SensorChartRequest }>) => {
        // Data only (whole days asked, readings and holdings): the clock never changes the chart.
        keepUntil(request, Number.POSITIVE_INFINITY);
        const subject = subjectOf(request);
        const viewer = {
          profileId: subject.profileId,
          timezone: subject.timezone,
          fleet: allows(subject.actor, 'admin'),
        };
        return charts.chart(viewer, request.body.data);
      },
    ),
  );
};
