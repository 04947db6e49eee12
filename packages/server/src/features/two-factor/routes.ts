import {
  authResponseSchema,
  hasHealthDataAccess,
  MAX_PAGE_SIZE,
  notMeRequestSchema,
  notMeResponseSchema,
  recoveryCodesResponseSchema,
  SIGN_IN_FILTER_FIELDS,
  SIGN_IN_METHOD_FILTERS,
  SIGN_IN_OUTCOMES,
  SIGN_IN_PROVIDER_PATTERN,
  type SignInOutcome,
  secondStepRequestSchema,
  signInListResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisabledResponseSchema,
  twoFactorReauthRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@dosedot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors';
import {
  type ListQuerystring,
  listQueryOf,
  listQuerystringSchema,
  paginationMeta,
} from '../../lib/list-query';
import { keepUntil, ofFleet } from '../../plugins/answers';
import { userOf } from '../../plugins/auth';
import { findUserById, presentUser } from '../auth';
import { actionsOf, presentSignIn } from './presenter';
import { createTwoFactorService } from './service';
import { findSignInUsers, listSignIns, type SignInMethod } from './sign-ins';

const serviceOf = (app: FastifyInstance) =>
  createTwoFactorService({
    db: app.db,
    config: app.config,
    counters: app.counters,
    mailer: app.mailer,
    log: app.log,
  });

/** The caller of a change: the user, and the session that stays signed in when the others end. */
const callerOf = (request: FastifyRequest) => {
  const user = userOf(request);
  return { user: user.row, sessionId: user.sessionId, ip: request.ip };
};

const perIp = (app: FastifyInstance) => ({
  rateLimit: { max: app.config.limits.authPerIpPerMinute, timeWindow: 60_000 },
});

/**
 * Public: POST /api/auth/2fa, the second step of a sign-in with the first step's challenge, and
 * POST /api/two-factor/not-me, the "this was not me" link of a notice.
 */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = serviceOf(app);
  app.post(
    '/auth/2fa',
    {
      config: perIp(app),
      schema: { body: secondStepRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const user = await service.completeSignIn(request.body, request.ip, (id) => findUserById(app.db, id));
      return {
        jwt: app.signToken(user),
        user: presentUser(
          user,
          hasHealthDataAccess(user.email, app.config.healthDataEmails, user.confirmed === 1),
          app.config.requireAdmin2fa,
        ),
      };
    },
  );

  // The notice's "this was not me" link opens the web's page (/auth/not-me), which calls this.
  app.post(
    '/two-factor/not-me',
    {
      config: perIp(app),
      schema: { body: notMeRequestSchema, response: { 200: notMeResponseSchema } },
    },
    async (request) => ({ data: { resetCode: await service.notMe(request.body.token, request.ip) } }),
  );
};

/** The signed-in user's own two-factor sign-in: /api/two-factor/* (signed-in scope). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = serviceOf(app);
  const limited = perIp(app);

  app.get('/two-factor', { schema: { response: { 200: twoFactorStatusSchema } } }, async (request) => ({
    data: await service.status(userOf(request).row),
  }));

  app.post(
    '/two-factor/setup',
    {
      config: limited,
      schema: { body: twoFactorSetupRequestSchema, response: { 200: twoFactorSetupResponseSchema } },
    },
    async (request) => ({ data: await service.setup(userOf(request).row, request.body.password) }),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: limited,
      schema: { body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => ({
      data: { recoveryCodes: await service.confirm(callerOf(request), request.body.code) },
    }),
  );

  app.post(
    '/two-factor/disable',
    {
      config: limited,
      schema: { body: twoFactorReauthRequestSchema, response: { 200: twoFactorDisabledResponseSchema } },
    },
    async (request) => {
      await service.disable(callerOf(request), request.body);
      return { data: { enabled: false as const } };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      config: limited,
      schema: { body: twoFactorReauthRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    },
    async (request) => ({
      data: {
        recoveryCodes: await service.regenerateRecoveryCodes(userOf(request).row, request.body, request.ip),
      },
    }),
  );
};

const RULES = {
  sortFields: [] as const,
  filterFields: SIGN_IN_FILTER_FIELDS,
  populate: [],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: 25,
};

/**
 * GET /api/admin/sign-ins (admin scope): the instance's recent sign-ins, newest first. A kept answer
 * (plugins/answers.ts) under the fleet's version until the data changes: its lines are the audit
 * log's, whose every insert, update and delete bumps the fleet's version (a sign-in, a failed one, a
 * deleted account's name removed), and so does a change of an account or a profile (the name, e-mail,
 * role and time zone shown beside a line). The clock never changes it.
 */
export const signInListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sign-ins',
    {
      schema: {
        querystring: listQuerystringSchema,
        response: { 200: signInListResponseSchema },
      },
    },
    app.keptAnswer(ofFleet, async (request: FastifyRequest<{ Querystring: ListQuerystring }>) => {
      keepUntil(request, Number.POSITIVE_INFINITY);
      const query = listQueryOf(request.query, RULES);
      let outcome: SignInOutcome | undefined;
      let user: string | undefined;
      let method: SignInMethod | undefined;
      for (const filter of query.filters) {
        const key = `filters[${filter.field}][${filter.operator}]`;
        if (filter.field === 'user') {
          if (filter.operator !== '$containsi') throw fieldError(key, 'Filter the user with $containsi');
          if (filter.value.trim().length > 100) throw fieldError(key, 'Search with at most 100 characters');
          user = filter.value.trim() || undefined;
          continue;
        }
        if (filter.operator !== '$eq') throw fieldError(key, `Filter the ${filter.field} with $eq`);
        if (filter.field === 'method') {
          if (
            !(SIGN_IN_METHOD_FILTERS as readonly string[]).includes(filter.value) &&
            !SIGN_IN_PROVIDER_PATTERN.test(filter.value)
          )
            throw fieldError(
              key,
              `The method is one of ${SIGN_IN_METHOD_FILTERS.join(', ')} or oidc:<provider>`,
            );
          method = filter.value as SignInMethod;
          continue;
        }
        if (!(SIGN_IN_OUTCOMES as readonly string[]).includes(filter.value))
          throw fieldError(key, `The outcome is one of ${SIGN_IN_OUTCOMES.join(', ')}`);
        outcome = filter.value as SignInOutcome;
      }
      if (query.anyOf.length > 0) throw fieldError('filters[$or]', 'Cannot combine sign-in filters with $or');
      const { rows, total } = await listSignIns(
        app.db,
        { actions: actionsOf(outcome), user, method },
        query.page,
        query.pageSize,
      );
      const ids = [
        ...new Set(
          rows.flatMap((r) =>
            r.target_type === 'user' && r.target_id !== null ? [Number(r.target_id)] : [],
          ),
        ),
      ].filter(Number.isInteger);
      const users = new Map((await findSignInUsers(app.db, ids)).map((u) => [u.id, u]));
      return {
        data: rows.map((r) => presentSignIn(r, users)),
        meta: paginationMeta(query, total),
      };
    }),
  );
};
