import { medicineStockResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reads, subjectOf } from '../../plugins/subject';
import { createRefillService } from './service';

/**
 * GET /api/medicines/stock (behind the door): what is left of each medicine's stock and about how
 * many days it lasts. Read with the medicines (`read_medicines`): a caregiver sees it too.
 */
export const refillRoutes: FastifyPluginAsyncZod = async (app) => {
  const refills = createRefillService(app.db);
  app.get(
    '/medicines/stock',
    { config: reads('read_medicines'), schema: { response: { 200: medicineStockResponseSchema } } },
    async (request) => ({ data: await refills.stockOf(subjectOf(request).profileId) }),
  );
};
