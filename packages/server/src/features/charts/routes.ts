import { allows, sensorChartRequestSchema, sensorChartResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    async (request) => {
      const subject = subjectOf(request);
      const viewer = {
        profileId: subject.profileId,
        timezone: subject.timezone,
        fleet: allows(subject.actor, 'admin'),
      };
      return charts.chart(viewer, request.body.data);
    },
  );
};
