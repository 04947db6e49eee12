import {
  type NotificationsQuery,
  notificationsQuerySchema,
  notificationsResponseSchema,
  putReminderSettingsSchema,
  type ReminderSettingsBody,
  reminderSettingsResponseSchema,
  type SnoozeRequest,
  snoozeRequestSchema,
  snoozeResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../db/transaction';
import { ofSubject } from '../../plugins/answers';
import { reads, subjectOf, writes } from '../../plugins/subject';
import { createReminderService } from './service';

/**
 * The subject's reminders (behind the door): their settings, a snooze of a dose, and the
 * notifications DoseDot sent them. An administrator in a session reaches them with the patient named
 * (X-Imp-User-Id), audited like every other door.
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReminderService({
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log.child({ part: 'reminders' }),
  });

  app.get(
    '/reminders/settings',
    { config: reads('read_reminders'), schema: { response: { 200: reminderSettingsResponseSchema } } },
    app.keptAnswer(ofSubject, async (request: FastifyRequest) => ({
      data: await service.settings(subjectOf(request).profileId),
    })),
  );

  app.put(
    '/reminders/settings',
    {
      config: writes('edit_reminders'),
      schema: { body: putReminderSettingsSchema, response: { 200: reminderSettingsResponseSchema } },
    },
    async (request: FastifyRequest<{ Body: { data: ReminderSettingsBody } }>) => {
      const subject = subjectOf(request);
      await inTransaction(app.db, async (trx) => {
        await service.saveSettings(trx, subject.profileId, request.body.data);
        await subject.record(trx);
      });
      return { data: await service.settings(subject.profileId) };
    },
  );

  app.post(
    '/reminders/snooze',
    {
      config: writes('edit_reminders'),
      schema: { body: snoozeRequestSchema, response: { 200: snoozeResponseSchema } },
    },
    async (request: FastifyRequest<{ Body: SnoozeRequest }>) => {
      const subject = subjectOf(request);
      const { scheduled_at, minutes } = request.body.data;
      const until = await service.snooze(
        subject.profileId,
        Date.parse(scheduled_at),
        minutes,
        subject.record,
      );
      return { data: { until: new Date(until).toISOString() } };
    },
  );

  app.get(
    '/reminders/notifications',
    {
      config: reads('read_reminders'),
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } },
    },
    app.keptAnswer(ofSubject, async (request: FastifyRequest<{ Querystring: NotificationsQuery }>) =>
      service.notifications(
        subjectOf(request).profileId,
        request.query['pagination[page]'],
        request.query['pagination[pageSize]'],
      ),
    ),
  );
};
