import {
  authUserSchema,
  emailConfirmationQuerySchema,
  emailConfirmationResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  hasHealthDataAccess,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  sendEmailConfirmationRequestSchema,
  sendEmailConfirmationResponseSchema,
  signInProvidersResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { derivedFrom } from '../../db';
import type { User } from '../../db/types';
import { userOf } from '../../plugins/auth';
import { presentUser } from './presenter';
import { beginSecondStep } from './second-step';
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
  // My Health Data only once the address is confirmed (decision 0002).
  const healthDataOf = (user: User) =>
    hasHealthDataAccess(user.email, config.healthDataEmails, user.confirmed === 1);
  const signedIn = (user: User) => ({
    jwt: app.signToken(user),
    user: presentUser(user, healthDataOf(user), config.requireAdmin2fa),
  });
  const perIp = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: 60_000 } };

  app.post(
    '/auth/local',
    { config: perIp, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const user = await service.login(request.body, request.ip);
      // Two-factor sign-in: a challenge for POST /api/auth/2fa instead of the token (decision 0008).
      return (await beginSecondStep(app.db, user, { method: 'password', ip: request.ip })) ?? signedIn(user);
    },
  );

  app.post(
    '/auth/local/register',
    { config: perIp, schema: { body: registerRequestSchema, response: { 200: registerResponseSchema } } },
    // No token: a new and a taken address get the same answer (service.register); the new account
    // signs in at /api/auth/local.
    async (request) => {
      await service.register(request.body, request.headers['accept-language'], request.ip);
      return { email: request.body.email, sent: true as const };
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
    { config: perIp, schema: { body: resetPasswordRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const user = await service.resetPassword(request.body, request.ip);
      // The e-mailed link replaces the password, not the second factor.
      return (
        (await beginSecondStep(app.db, user, { method: 'password_reset', ip: request.ip })) ?? signedIn(user)
      );
    },
  );

  // Strapi's email_confirmation flow: the e-mailed link opens the web's page, which calls this.
  app.get(
    '/auth/email-confirmation',
    {
      config: perIp,
      schema: {
        querystring: emailConfirmationQuerySchema,
        response: { 200: emailConfirmationResponseSchema },
      },
    },
    async (request) => {
      const user = await service.confirmEmail(request.query.confirmation, request.ip);
      return { email: user.email, confirmed: true as const };
    },
  );

  app.post(
    '/auth/send-email-confirmation',
    {
      config: perIp,
      schema: {
        body: sendEmailConfirmationRequestSchema,
        response: { 200: sendEmailConfirmationResponseSchema },
      },
    },
    async (request) => {
      await service.resendConfirmation(request.body.email, request.ip);
      return { email: request.body.email, sent: true as const };
    },
  );

  app.get(
    '/auth/providers',
    { schema: { response: { 200: signInProvidersResponseSchema } } },
    // The OpenID Connect providers of OIDC_<n>_* (features/oidc); none hides the sign-in page's section.
    async () => ({ data: config.oidcProviders.map(({ id, name }) => ({ id, name })) }),
  );
};

/** The signed-in user's own account: GET /api/users/me (signed-in scope; logout and password change: features/sessions). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Never compressed: a user is far below the 1 KB threshold, so the compression hooks only cost.
  app.get('/users/me', { compress: false, schema: { response: { 200: authUserSchema } } }, (request) => {
    const user = userOf(request);
    const { requireAdmin2fa } = app.config;
    // Presented (and serialized) once per cached user row and access (db/read-cache.ts).
    return derivedFrom(user.row, `me:${user.healthData}:${requireAdmin2fa}`, (row) =>
      presentUser(row, user.healthData, requireAdmin2fa),
    );
  });
};
