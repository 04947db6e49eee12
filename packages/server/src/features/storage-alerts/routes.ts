import {
  impParamsSchema,
  type StorageAlertsQuery,
  storageAlertsQuerySchema,
  storageAlertsResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepUntil, ofSubject } from '../../plugins/answers';
import { reads, subjectOf } from '../../plugins/subject';
import { createStorageAlertService } from './service';

const startOfMinute = (at: number) => at - (at % 60_000);

/**
 * GET /api/storage-alerts?from&to: the subject's time out of each medicine's storage range (behind
 * the door); GET /api/storage-alerts/imp/{userId} names the patient in the path.
 *
 * The dashboard's card asks for it on every visit (its largest paint): a kept answer (plugins/
 * answers.ts) under the subject's data version, which their medicines, their box's readings while it
 * is theirs and its holdings bump. The clock enters as the end of a stretch still under way and as
 * today's date, so the answer is computed at the minute's start and kept for that minute: the same
 * as computed anew at any instant of it.
 */
export const storageAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = createStorageAlertService(app.db);
  const read = app.keptAnswer(ofSubject, (request: FastifyRequest<{ Querystring: StorageAlertsQuery }>) => {
    const minute = startOfMinute(Date.now());
    keepUntil(request, minute + 60_000);
    return alerts.forUser(subjectOf(request).userId, request.query, minute);
  });
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
