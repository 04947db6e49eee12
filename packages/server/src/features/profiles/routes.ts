import { profileSchema, profileUpdateSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, validationError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { presentProfile } from './presenter';
import { findProfileByUserId } from './queries';

/** The signed-in user's own profile. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const load = async (userId: number) => {
    const row = await findProfileByUserId(app.db, userId);
    if (!row) throw notFound('Profile not found');
    return presentProfile(row);
  };

  app.get('/profile/userdata', { schema: { response: { 200: profileSchema } } }, async (request) =>
    load(userOf(request).id),
  );

  app.put(
    '/profile/userdata',
    { schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
    async (request) => {
      const userId = userOf(request).id;
      if (Object.keys(request.body).length === 0) throw validationError('Nothing to update');
      const { is_dark, ...rest } = request.body;
      await app.db
        .updateTable('profiles')
        .set({
          ...rest,
          ...(is_dark === undefined ? {} : { is_dark: is_dark ? 1 : 0 }),
          updated_at: Date.now(),
        })
        .where('user_id', '=', userId)
        .execute();
      return load(userId);
    },
  );
};
