import {
  deletedResponseSchema,
  idParamsSchema,
  impersonationSessionResponseSchema,
  startImpersonationRequestSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import { createImpersonationService } from './service';

/**
 * Impersonation sessions (admin scope): opened with a reason, ended by the administrator or after
 * IMPERSONATION_MINUTES. What the administrator then reads and writes for the patient goes through
 * the door (plugins/subject.ts) on the patient's own routes, each access audited.
 */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = createImpersonationService(app.db);
  const admin = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  app.post(
    '/impersonation',
    {
      schema: {
        body: startImpersonationRequestSchema,
        response: { 200: impersonationSessionResponseSchema },
      },
    },
    async (request) => {
      const { profileuid, reason } = request.body.data;
      return { data: await sessions.start(admin(request), profileuid, reason, request.ip) };
    },
  );

  app.get(
    '/impersonation/current',
    {
      schema: {
        response: { 200: z.object({ data: impersonationSessionResponseSchema.shape.data.nullable() }) },
      },
    },
    async (request) => ({ data: await sessions.current(admin(request)) }),
  );

  app.delete(
    '/impersonation/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await sessions.stop(admin(request), request.params.id, request.ip);
      return { data: { id: request.params.id } };
    },
  );
};
