import { sensorChartRequestSchema, sensorChartResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { createChartService } from './service';

/** POST /api/medicine-history/chart: a box's sensor series (signed-in scope; a patient's own box only). */
export const chartRoutes: FastifyPluginAsyncZod = async (app) => {
  const charts = createChartService(app.db, { defaultTimezone: app.config.defaultTimezone });

  app.post(
    '/medicine-history/chart',
    { schema: { body: sensorChartRequestSchema, response: { 200: sensorChartResponseSchema } } },
    async (request) => charts.chart(userOf(request), request.body.data),
  );
};
