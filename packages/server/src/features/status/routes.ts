import { healthResponseSchema } from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { constant } from '../../db';
import { HttpError } from '../../lib/errors';
import { createPinger, pingDatabase } from './queries';

/** Liveness and readiness: GET /api/health (public; not to be confused with health data). */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const ping = createPinger(() => pingDatabase(app.db));
  const OK = constant({ status: 'ok' as const, database: 'ok' as const });
  const withVersion = constant({ ...OK, version: app.config.version });
  const unreachable = (request: FastifyRequest, err: unknown): never => {
    request.log.error({ err }, 'database unreachable');
    throw new HttpError(503, 'ServiceUnavailableError', 'Database unreachable');
  };
  // In production the version and commit tell an attacker which weaknesses to try: admins only.
  const answer = (request: FastifyRequest) => {
    if (app.config.env !== 'production') return withVersion;
    if (request.headers.authorization === undefined) return OK;
    return app.authenticate(request).then(
      (user) => (user.role === 'admin' ? withVersion : OK),
      () => OK,
    );
  };
  // Not async: with the database's answer of this second at hand, it answers at once.
  // Never compressed: the answer is far below the 1 KB threshold, so the compression hooks only cost.
  app.get('/health', { compress: false, schema: { response: { 200: healthResponseSchema } } }, (request) => {
    const pending = ping();
    return pending
      ? pending.then(
          () => answer(request),
          (err) => unreachable(request, err),
        )
      : answer(request);
  });
};
