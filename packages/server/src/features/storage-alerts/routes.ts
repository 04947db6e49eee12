import {
  impParamsSchema,
  type StorageAlertsQuery,
  storageAlertsQuerySchema,
  storageAlertsResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reads, subjectOf } from '../../plugins/subject';
import { createStorageAlertService } from './service';

/**
 * GET /api/storage-alerts?from&to: the subject's time out of each medicine's storage range (behind
 * the door); GET /api/storage-alerts/imp/{userId} names the patient in the path.
 */
export const storageAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = createStorageAlertService(app.db);
  const read = (request: FastifyRequest<{ Querystring: StorageAlertsQuery }>) =>
    alerts.forUser(subjectOf(request).userId, request.query);
  const config = reads('read_storage_alerts', (r) => {
    const { from, to } = r.query as StorageAlertsQuery;
    return { from, to };
  });
  app.get(
    '/storage-alerts',
    {
      config,
      schema: { querystring: storageAlertsQuerySchema, response: { 200: storageAlertsResponseSchema } },
    },
    read,
  );
  app.get(
    '/storage-alerts/imp/:impUserId',
    {
      config,
      schema: {
        params: impParamsSchema,
        querystring: storageAlertsQuerySchema,
        response: { 200: storageAlertsResponseSchema },
      },
    },
    read,
  );
};
