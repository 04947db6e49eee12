import { accessLogResponseSchema, profileSchema, profileUpdateSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, validationError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { accessesOf } from '../impersonation/queries';
import { findProfileByUserId, updateProfile } from './queries';
import { createProfileService } from './service';

/** The most recent administrator accesses a patient sees. */
const ACCESS_LOG_LIMIT = 50;

/** The signed-in user's own profile (signed-in scope). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService(app.db);
  const load = (userId: number) => profiles.load(userId);

  app.get('/profile/userdata', { schema: { response: { 200: profileSchema } } }, async (request) =>
    load(userOf(request).id),
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

  /** Who opened this patient's data as an administrator, when and why (newest first). */
  app.get(
    '/profile/access-log',
    { schema: { response: { 200: accessLogResponseSchema } } },
    async (request) => {
      const row = await findProfileByUserId(app.db, userOf(request).id);
      if (!row) throw notFound('Profile not found');
      const entries = await accessesOf(app.db, row.id, ACCESS_LOG_LIMIT);
      return {
        data: entries.map((e) => {
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
      };
    },
  );
};
