import {
  authUserSchema,
  hasHealthDataAccess,
  userIdParamsSchema,
  userMailResponseSchema,
  userUpdateRequestSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { User } from '../../db/types';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../auth';
import { type Actor, createUserAdminService } from './service';

const actorOf = (request: FastifyRequest): Actor => ({ user: userOf(request).row, ip: request.ip });

/**
 * An administrator's actions on a user (admin scope), Strapi's users-permissions paths:
 * PUT /api/users/{id} ({blocked} and/or {role, code}), answering the user as /api/users/me does;
 * POST /api/users/{id}/send-password-reset and /send-email-confirmation, answering where it went.
 */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = createUserAdminService({
    db: app.db,
    config,
    mailer: app.mailer,
    log: app.log,
    counters: app.counters,
  });
  const present = (user: User) =>
    presentUser(
      user,
      hasHealthDataAccess(user.email, config.healthDataEmails, user.confirmed === 1),
      config.requireAdmin2fa,
    );
  // Each action may mail or ask for a code: limited per client address like the sign-in routes.
  const limited = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } };

  app.put(
    '/users/:id',
    {
      config: limited,
      schema: {
        params: userIdParamsSchema,
        body: userUpdateRequestSchema,
        response: { 200: authUserSchema },
      },
    },
    async (request) => present(await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/users/:id/send-password-reset',
    { config: limited, schema: { params: userIdParamsSchema, response: { 200: userMailResponseSchema } } },
    async (request) => {
      const user = await service.sendPasswordReset(actorOf(request), request.params.id);
      return { email: user.email, sent: true as const };
    },
  );

  app.post(
    '/users/:id/send-email-confirmation',
    { config: limited, schema: { params: userIdParamsSchema, response: { 200: userMailResponseSchema } } },
    async (request) => {
      const user = await service.resendConfirmation(actorOf(request), request.params.id);
      return { email: user.email, sent: true as const };
    },
  );
};
