import {
  type DoseActionRequest,
  doseActionRequestSchema,
  doseActionResponseSchema,
  type NotificationsQuery,
  notificationsQuerySchema,
  notificationsResponseSchema,
  PUSH_MESSAGES,
  type PushSubscriptionRequest,
  type PushUnsubscribeRequest,
  pushKeyResponseSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeRequestSchema,
  putReminderSettingsSchema,
  type ReminderSettingsInput,
  reminderSettingsResponseSchema,
  type SnoozeRequest,
  snoozeRequestSchema,
  snoozeResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { forbidden } from '../../lib/errors';
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
    push: app.push,
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
    async (request: FastifyRequest<{ Body: { data: ReminderSettingsInput } }>) => {
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

  /*
   * Web Push (issue 26 item 2): the key browsers subscribe with, and the user's own browsers. A
   * browser is subscribed by the user themself only: an administrator's or a caregiver's session
   * would have the patient's reminders sent to their own browser.
   */
  /** A change to the signed-in user's own browsers, audited in its transaction; never in a session. */
  const onOwnBrowsers = async (
    request: FastifyRequest,
    change: (trx: Db, userId: number) => Promise<unknown>,
  ) => {
    const subject = subjectOf(request);
    if (subject.session) throw forbidden(PUSH_MESSAGES.yourself);
    await inTransaction(app.db, async (trx) => {
      await change(trx, subject.userId);
      await subject.record(trx);
    });
  };
  app.get(
    '/reminders/push',
    { config: reads('read_reminders'), schema: { response: { 200: pushKeyResponseSchema } } },
    async () => ({ data: { publicKey: app.push.publicKey } }),
  );

  app.post(
    '/reminders/push-subscriptions',
    {
      config: writes('edit_reminders'),
      schema: { body: pushSubscriptionRequestSchema, response: { 200: pushSubscriptionResponseSchema } },
    },
    async (request: FastifyRequest<{ Body: PushSubscriptionRequest }>) => {
      const { endpoint, keys } = request.body.data;
      await onOwnBrowsers(request, (trx, userId) => service.subscribe(trx, userId, { endpoint, ...keys }));
      return { data: { endpoint, subscribed: true } };
    },
  );

  app.delete(
    '/reminders/push-subscriptions',
    {
      config: writes('edit_reminders'),
      schema: { body: pushUnsubscribeRequestSchema, response: { 200: pushSubscriptionResponseSchema } },
    },
    async (request: FastifyRequest<{ Body: PushUnsubscribeRequest }>) => {
      const { endpoint } = request.body.data;
      await onOwnBrowsers(request, (trx, userId) => service.unsubscribe(trx, userId, endpoint));
      return { data: { endpoint, subscribed: false } };
    },
  );
};

/**
 * A push notification's buttons (issue 26 item 3), public: the service worker has no session, so the
 * notification's single-use token is the authorization, for that dose and that action only
 * (decision 0015). Rate-limited per address like the sign-in.
 */
export const reminderActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReminderService({
    db: app.db,
    mailer: app.mailer,
    push: app.push,
    appUrl: app.config.appUrl,
    log: app.log.child({ part: 'reminders' }),
  });
  app.post(
    '/reminders/dose-action',
    {
      config: { rateLimit: { max: app.config.limits.authPerIpPerMinute, timeWindow: 60_000 } },
      schema: { body: doseActionRequestSchema, response: { 200: doseActionResponseSchema } },
    },
    async (request: FastifyRequest<{ Body: DoseActionRequest }>) => ({
      data: await service.act(request.body.data, request.ip),
    }),
  );
};
