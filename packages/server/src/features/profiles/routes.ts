import {
  accessLogQuerySchema,
  accessLogResponseSchema,
  profileSchema,
  profileUpdateSchema,
  profileuidParamsSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound, validationError } from '../../lib/errors';
import { keepUntil, ofFleet } from '../../plugins/answers';
import { userOf } from '../../plugins/auth';
import { reads, subjectOf } from '../../plugins/subject';
import { medicineNames } from '../medicines';
import { accessesOf, findProfileByUserId, updateProfile } from './queries';
import { createProfileService } from './service';

/**
 * GET /api/profile/userdata: the subject's profile (behind the door); GET
 * /api/profile/imp/userdata/{profileuid} names the patient in the path.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService(app.db);
  // Not async: a profile in memory is answered without a trip through the microtask queue.
  const read = (request: Parameters<typeof subjectOf>[0]) => profiles.loadNow(subjectOf(request).userId);
  const config = reads('read_profile');
  app.get('/profile/userdata', { config, schema: { response: { 200: profileSchema } } }, read);
  app.get(
    '/profile/imp/userdata/:profileuid',
    { config, schema: { params: profileuidParamsSchema, response: { 200: profileSchema } } },
    read,
  );
};

/** What an access-log entry's details hold (plugins/subject.ts writes them). */
type Details = Record<string, unknown>;

/** The signed-in user's own profile settings and access log (signed-in scope: never another's). */
export const ownProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = createProfileService(app.db);
  const load = (userId: number) => profiles.load(userId);

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
    // Kept while nothing anywhere changed (it names other people: plugins/answers.ts).
    app.keptAnswer(
      ofFleet,
      async (request: FastifyRequest<{ Querystring: z.output<typeof accessLogQuerySchema> }>) => {
        // Data only: the clock never changes the log (kept until anything anywhere changes).
        keepUntil(request, Number.POSITIVE_INFINITY);
        const row = await findProfileByUserId(app.db, userOf(request).id);
        if (!row) throw notFound('Profile not found');
        const page = request.query['pagination[page]'];
        const pageSize = request.query['pagination[pageSize]'];
        const { rows, total } = await accessesOf(
          app.db,
          { profileId: row.id, userId: row.user_id },
          { page, pageSize },
        );
        const parsed = rows.map((e) => ({
          ...e,
          details: e.details ? (JSON.parse(e.details) as Details) : {},
        }));
        const ids = [...new Set(parsed.map((e) => e.details.medicine).filter((m) => typeof m === 'number'))];
        const names = new Map((await medicineNames(app.db, row.id, ids)).map((m) => [m.id, m.name]));
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          data: parsed.map(({ details, ...e }) => ({
            at: new Date(e.at).toISOString(),
            action: e.action,
            admin: e.email
              ? { givenname: e.givenname ?? '', familyname: e.familyname ?? '', email: e.email }
              : null,
            reason: text(details.reason),
            touched: {
              // A removed medicine keeps the name the log wrote down.
              medicine:
                text(details.name) ??
                (typeof details.medicine === 'number'
                  ? (names.get(details.medicine) ?? null)
                  : text(details.medicine)),
              from: text(details.from),
              to: text(details.to),
              deveui: text(details.deveui),
              section: text(details.section),
            },
          })),
          meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
        };
      },
    ),
  );
};
