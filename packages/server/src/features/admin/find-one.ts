import { idParamsSchema, MAX_PAGE_SIZE, profileListEntrySchema } from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { type ListQuerystring, listQueryOf, listQuerystringSchema } from '../../lib/list-query';
import { ofFleet } from '../../plugins/answers';
import { presentListEntry } from './presenter';
import type { ProfileListQuery } from './queries';
import { createPatientListService } from './service';

/** GET /api/profiles/{id}: one entry of the list, as Strapi's findOne answers (`meta` empty). */
const profileResponseSchema = z.object({ data: profileListEntrySchema, meta: z.object({}) });

/** What findOne reads of Strapi's query: `populate` (sensor), as the list does; nothing to sort or filter. */
const RULES = {
  sortFields: [] as string[],
  filterFields: [] as string[],
  populate: ['sensor'],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: 1,
};

/**
 * Strapi's findOne of the patient list (admin scope, like the list). The entry is the list's own:
 * the list's query and presenter for the one profile with this id's profileuid, so a column the list
 * gains appears here too.
 */
export const profileFindOneRoutes: FastifyPluginAsyncZod = async (app) => {
  const patients = createPatientListService(app.db);
  app.get(
    '/profiles/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: listQuerystringSchema,
        response: { 200: profileResponseSchema },
      },
    },
    // Kept like the list (plugins/answers.ts): while nothing anywhere changed, and for the minute.
    app.keptAnswer(
      ofFleet,
      async (request: FastifyRequest<{ Params: { id: number }; Querystring: ListQuerystring }>) => {
        const { populate } = listQueryOf(request.query, RULES);
        const found = await app.db
          .selectFrom('profiles')
          .select('profileuid')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!found) throw notFound('No profile with this id');
        const query: ProfileListQuery = {
          populate,
          sort: [],
          page: 1,
          pageSize: 1,
          filters: [{ field: 'profileuid', operator: '$eq', value: found.profileuid }],
          anyOf: [],
        };
        const { rows, stats } = await patients.list(query);
        const row = rows.find((r) => r.id === request.params.id);
        if (!row) throw notFound('No profile with this id');
        return { data: presentListEntry(row, populate.includes('sensor'), stats.get(row.id)), meta: {} };
      },
    ),
  );
};
