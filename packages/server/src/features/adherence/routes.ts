import { adherenceResponseSchema, dateRangeQuerySchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { createMedicineService } from '../medicines/service';
import { presentAdherence } from './presenter';
import { createAdherenceService } from './service';

/** GET /api/adherence?from&to: the signed-in patient's intakes and figures per chart day (signed-in scope). */
export const adherenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const adherence = createAdherenceService(app.db);
  const medicines = createMedicineService(app.db);

  app.get(
    '/adherence',
    { schema: { querystring: dateRangeQuerySchema, response: { 200: adherenceResponseSchema } } },
    async (request) => {
      const profileId = await medicines.profileOf(userOf(request).id);
      const { timezone, range, result } = await adherence.compute(profileId, request.query);
      return { data: presentAdherence(timezone, range, result) };
    },
  );
};
