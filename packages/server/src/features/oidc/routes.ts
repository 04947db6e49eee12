import {
  authResponseSchema,
  hasHealthDataAccess,
  oidcProviderParamsSchema,
  oidcSessionRequestSchema,
  oidcStartQuerySchema,
} from '@dosedot/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from '../auth';
import { createOidcClients } from './clients';
import {
  BROWSER_COOKIE,
  BROWSER_LIFETIME_MS,
  browserCookieHeader,
  FLOW_COOKIE,
  flowCookieHeader,
  readCookie,
} from './flow-cookie';
import { createOidcService, type Step } from './service';

/**
 * OpenID Connect sign-in, public (decision 0007): the browser goes to …/start, the provider sends it
 * back to …/callback, and the web's success page trades the single-use code for a token at
 * POST /api/auth/oidc/session.
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = createOidcService({
    db: app.db,
    config,
    clients: createOidcClients(config.oidcProviders),
    log: app.log,
  });
  const perIp = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } };
  const secure = config.appUrl.startsWith('https:');

  const go = (reply: FastifyReply, step: Step) => {
    reply.header('cache-control', 'no-store');
    const flow = step.cookie
      ? flowCookieHeader(step.cookie.value, secure, step.cookie.maxAgeSeconds)
      : flowCookieHeader('', secure, 0);
    reply.header(
      'set-cookie',
      step.browser ? [flow, browserCookieHeader(step.browser, secure, BROWSER_LIFETIME_MS / 1000)] : flow,
    );
    return reply.redirect(step.location, 302);
  };

  app.get(
    '/auth/oidc/:provider/start',
    { config: perIp, schema: { params: oidcProviderParamsSchema, querystring: oidcStartQuerySchema } },
    async (request, reply) =>
      go(
        reply,
        await service.start(
          request.params.provider,
          request.query,
          request.ip,
          readCookie(request.headers.cookie, BROWSER_COOKIE),
        ),
      ),
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      config: perIp,
      schema: {
        params: oidcProviderParamsSchema,
        // The provider's answer (code, state, iss, error…): read from the raw URL, as sent.
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      },
    },
    async (request, reply) => {
      const at = request.url.indexOf('?');
      const search = at < 0 ? '' : request.url.slice(at);
      const cookie = readCookie(request.headers.cookie, FLOW_COOKIE);
      return go(reply, await service.callback(request.params.provider, search, cookie, request.ip));
    },
  );

  app.post(
    '/auth/oidc/session',
    { config: perIp, schema: { body: oidcSessionRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      // The code counts only in the browser that started the sign-in (login CSRF, flow-cookie.ts).
      const user = await service.exchange(
        request.body.code,
        readCookie(request.headers.cookie, BROWSER_COOKIE),
      );
      return {
        jwt: app.signToken(user),
        user: presentUser(
          user,
          hasHealthDataAccess(user.email, config.healthDataEmails, user.confirmed === 1),
          config.requireAdmin2fa,
        ),
      };
    },
  );
};
