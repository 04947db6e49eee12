import {
  authResponseSchema,
  changePasswordRequestSchema,
  hasHealthDataAccess,
  logoutResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { presentUser } from '../auth';
import { createSessionService } from './service';

const callerOf = (request: FastifyRequest) => {
  const user = userOf(request);
  return { user: user.row, sessionId: user.sessionId, tokenExpiresAt: user.tokenExpiresAt, ip: request.ip };
};

/** The signed-in user's session: POST /api/auth/logout and /api/auth/change-password (signed-in scope). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = createSessionService({ db: app.db, config, counters: app.counters });

  app.post('/auth/logout', { schema: { response: { 200: logoutResponseSchema } } }, async (request) => {
    await service.logout(callerOf(request));
    return { ok: true as const };
  });

  app.post(
    '/auth/change-password',
    {
      config: { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
      schema: { body: changePasswordRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await service.changePassword(caller, request.body);
      // A fresh token of the same session: the caller stays signed in, every other session ended.
      return {
        jwt: app.signToken(user, caller.sessionId),
        user: presentUser(
          user,
          hasHealthDataAccess(user.email, config.healthDataEmails, user.confirmed === 1),
          config.requireAdmin2fa,
        ),
      };
    },
  );
};
