import { medicineStockResponseSchema } from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ofSubject } from '../../plugins/answers';
import { reads, subjectOf } from '../../plugins/subject';
import { createRefillService } from './service';

/**
 * GET /api/medicines/stock (behind the door): what is left of each medicine's stock and about how
 * many days it lasts. Read with the medicines (`read_medicines`): a caregiver sees it too.
 *
 * My Medicine asks for it on every visit, and it runs the adherence engine from the day each stock
 * was counted: a kept answer (plugins/answers.ts) under the subject's data version (medicines,
 * schedules, presses and intakes by hand bump it), for the minute it was computed in, as the other
 * answers drawn from the engine's statuses.
 */
export const refillRoutes: FastifyPluginAsyncZod = async (app) => {
  const refills = createRefillService(app.db);
  app.get(
    '/medicines/stock',
    { config: reads('read_medicines'), schema: { response: { 200: medicineStockResponseSchema } } },
    app.keptAnswer(ofSubject, async (request: FastifyRequest) => ({
      data: await refills.stockOf(subjectOf(request).profileId),
    })),
  );
};
