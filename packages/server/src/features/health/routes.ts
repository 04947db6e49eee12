import { healthResponseSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { HttpError } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (request) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      throw new HttpError(503, 'ServiceUnavailableError', 'Database unreachable');
    }
    return { status: 'ok' as const, database: 'ok' as const, version: app.config.version };
  });
};
