import { storageAlertsQuerySchema, storageAlertsResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { createStorageAlertService } from './service';

/** GET /api/storage-alerts?from&to: the signed-in patient's time out of each medicine's storage range. */
export const storageAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = createStorageAlertService(app.db);
  app.get(
    '/storage-alerts',
    { schema: { querystring: storageAlertsQuerySchema, response: { 200: storageAlertsResponseSchema } } },
    async (request) => alerts.forUser(userOf(request).id, request.query),
  );
};
