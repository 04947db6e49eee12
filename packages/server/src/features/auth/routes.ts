import {
  authResponseSchema,
  authUserSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { presentUser } from './presenter';
import { findUserById } from './queries';
import { type AuthLimits, createAuthService } from './service';

export interface AuthRouteOptions {
  limits?: AuthLimits;
  /** Requests per IP and minute on login, register, forgot and reset password. */
  perIpPerMinute: number;
}

/** Strapi-compatible authentication: /api/auth/* and /api/users/me. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const service = createAuthService(app, opts.limits);
  const present = (user: Parameters<typeof presentUser>[0]) => presentUser(user, app.config.healthDataEmails);
  const perIp = { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } };

  app.post(
    '/auth/local',
    { config: perIp, schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const user = await service.login(request.body);
      return { jwt: app.signToken(user), user: present(user) };
    },
  );

  app.post(
    '/auth/local/register',
    { config: perIp, schema: { body: registerRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const user = await service.register(request.body, request.headers['accept-language']);
      return { jwt: app.signToken(user), user: present(user) };
    },
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
    async (request) => {
      const user = await service.resetPassword(request.body, request.ip);
      return { jwt: app.signToken(user), user: present(user) };
    },
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

  app.get(
    '/users/me',
    { preHandler: app.authenticate, schema: { response: { 200: authUserSchema } } },
    async (request) => {
      const user = await findUserById(app.db, userOf(request).id);
      if (!user) throw unauthorized();
      return present(user);
    },
  );
};
