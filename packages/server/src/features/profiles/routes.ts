import { profileSchema, profileUpdateSchema } from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, validationError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { createMedicineService } from '../medicines/service';
import { presentProfile } from './presenter';
import { findProfileByUserId, updateProfile } from './queries';

/** The signed-in user's own profile (signed-in scope). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const medicines = createMedicineService(app.db);
  const load = async (userId: number) => {
    const row = await findProfileByUserId(app.db, userId);
    if (!row) throw notFound('Profile not found');
    return presentProfile(row, await medicines.list(row.id));
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
      await updateProfile(app.db, userId, request.body);
      return load(userId);
    },
  );
};
