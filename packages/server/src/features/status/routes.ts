import { healthResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { createPinger, pingDatabase } from './queries';

/** Liveness and readiness: GET /api/health (public; not to be confused with health data). */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const ping = createPinger(() => pingDatabase(app.db));
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (request) => {
    try {
      await ping();
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      throw new HttpError(503, 'ServiceUnavailableError', 'Database unreachable');
    }
    // In production the version and commit tell an attacker which weaknesses to try: admins only.
    const showVersion =
      app.config.env !== 'production' ||
      (request.headers.authorization !== undefined &&
        (await app.authenticate(request).then(
          (user) => user.role === 'admin',
          () => false,
        )));
    return {
      status: 'ok' as const,
      database: 'ok' as const,
      ...(showVersion ? { version: app.config.version } : {}),
    };
  });
};
