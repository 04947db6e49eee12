import { deleteAccountRequestSchema, deleteAccountResponseSchema } from '@dosedot/domain';
import { localDateOf } from '@dosedot/domain/time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/errors';
import { reads, subjectOf, writes } from '../../plugins/subject';
import { findUserById } from '../auth';
import { createAccountService } from './service';

export const NOT_YOUR_ACCOUNT_MESSAGE =
  'Only the account holder can delete their account, signed in with their own password';

/**
 * The patient's own data (behind the door): GET /api/account/export, everything DoseDot holds about
 * the subject as one JSON file (an administrator in a session may download it for the patient), and
 * DELETE /api/account, the signed-in user's own act: never through a session.
 */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountService({
    db: app.db,
    config: app.config,
    counters: app.counters,
    mailer: app.mailer,
    log: app.log,
  });

  app.get('/account/export', { config: reads('export_account') }, async (request, reply) => {
    const subject = subjectOf(request);
    const user = await findUserById(app.db, subject.userId);
    if (!user) throw notFound('Account not found');
    const body = await service.exportOf(user, subject.profileId, {
      actorUserId: subject.actor.id,
      ip: request.ip,
      today: localDateOf(Date.now(), subject.timezone),
    });
    return reply
      .header('content-disposition', 'attachment; filename="dosedot-my-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body, null, 2));
  });

  app.delete(
    '/account',
    {
      config: writes('delete_account'),
      schema: { body: deleteAccountRequestSchema, response: { 200: deleteAccountResponseSchema } },
    },
    async (request) => {
      const subject = subjectOf(request);
      if (subject.session) throw forbidden(NOT_YOUR_ACCOUNT_MESSAGE);
      await service.deleteAccount(subject.actor.row, request.body, request.ip);
      return { data: { deleted: true as const } };
    },
  );
};
