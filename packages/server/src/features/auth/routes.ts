import {
  authResponseSchema,
  authUserSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  hasHealthDataAccess,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { User } from '../../db/types';
import { userOf } from '../../plugins/auth';
import { presentUser } from './presenter';
import { createAuthService } from './service';

/** Strapi-compatible authentication, public: /api/auth/*. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = createAuthService({
    db: app.db,
    config,
    mailer: app.mailer,
    log: app.log,
    counters: app.counters,
  });
  const signedIn = (user: User) => ({
    jwt: app.signToken(user),
    user: presentUser(user, hasHealthDataAccess(user.email, config.healthDataEmails)),
  });
  const perIp = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } };

  app.post(
    '/auth/local',
    { config: perIp, schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => signedIn(await service.login(request.body, request.ip)),
  );

  app.post(
    '/auth/local/register',
    { config: perIp, schema: { body: registerRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => signedIn(await service.register(request.body, request.headers['accept-language'])),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perIp,
      schema: { body: forgotPasswordRequestSchema, response: { 200: forgotPasswordResponseSchema } },
    },
    async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset-password',
    { config: perIp, schema: { body: resetPasswordRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => signedIn(await service.resetPassword(request.body, request.ip)),
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        response: { 200: z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) }) },
      },
    },
    // No external identity provider is configured in this version; the sign-in page hides the section.
    async () => ({ data: [] }),
  );
};

/** The signed-in user's own account: GET /api/users/me (signed-in scope). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/me', { schema: { response: { 200: authUserSchema } } }, async (request) => {
    const user = userOf(request);
    return presentUser(user.row, user.healthData);
  });
};
