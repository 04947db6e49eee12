import {
  accessLogQuerySchema,
  accessLogResponseSchema,
  profileSchema,
  profileUpdateSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, validationError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { accessesOf } from '../impersonation/queries';
import { findProfileByUserId, updateProfile } from './queries';
import { createProfileService } from './service';

/** The signed-in user's own profile (signed-in scope). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService(app.db);
  const load = (userId: number) => profiles.load(userId);

  // Not async: a profile in memory is answered without a trip through the microtask queue.
  app.get('/profile/userdata', { schema: { response: { 200: profileSchema } } }, (request) =>
    profiles.loadNow(userOf(request).id),
  );

  app.put(
    '/profile/userdata',
    { schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      if (Object.keys(request.body).length === 0) throw validationError('Nothing to update');
      await updateProfile(app.db, userId, request.body);
      return load(userId);
    },
  );

  /** Who opened this patient's data as an administrator, when and why (newest first, a page at a time). */
  app.get(
    '/profile/access-log',
    { schema: { querystring: accessLogQuerySchema, response: { 200: accessLogResponseSchema } } },
    async (request) => {
      const row = await findProfileByUserId(app.db, userOf(request).id);
      if (!row) throw notFound('Profile not found');
      const page = request.query['pagination[page]'];
      const pageSize = request.query['pagination[pageSize]'];
      const { rows, total } = await accessesOf(app.db, row.id, { page, pageSize });
      return {
        data: rows.map((e) => {
          const details = e.details ? (JSON.parse(e.details) as { reason?: unknown }) : {};
          return {
            at: new Date(e.at).toISOString(),
            action: e.action,
            admin: e.email
              ? { givenname: e.givenname ?? '', familyname: e.familyname ?? '', email: e.email }
              : null,
            reason: typeof details.reason === 'string' ? details.reason : null,
          };
        }),
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },
  );
};
