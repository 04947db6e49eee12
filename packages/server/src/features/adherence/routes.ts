import { adherenceResponseSchema, dateRangeQuerySchema, impParamsSchema } from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reads, subjectOf } from '../../plugins/subject';
import { presentAdherence } from './presenter';
import { createAdherenceService, type RangeAsked } from './service';

/**
 * GET /api/adherence?from&to: the subject's intakes and figures per chart day (behind the door; the
 * dashboards and My Medicine). GET /api/adherence/imp/{userId} names the patient in the path.
 */
export const adherenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const adherence = createAdherenceService(app.db);
  const read = async (request: FastifyRequest<{ Querystring: RangeAsked }>) => {
    const { timezone, range, result } = await adherence.compute(subjectOf(request).profileId, request.query);
    return { data: presentAdherence(timezone, range, result) };
  };
  const config = reads('read_adherence', (r) => {
    const { from, to } = r.query as RangeAsked;
    return { from, to };
  });

  app.get(
    '/adherence',
    { config, schema: { querystring: dateRangeQuerySchema, response: { 200: adherenceResponseSchema } } },
    read,
  );
  app.get(
    '/adherence/imp/:impUserId',
    {
      config,
      schema: {
        params: impParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: adherenceResponseSchema },
      },
    },
    read,
  );
};
