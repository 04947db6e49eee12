import {
  MAX_PAGE_SIZE,
  PROFILE_FILTER_FIELDS,
  PROFILE_FILTER_VALUES,
  PROFILE_SORT_FIELDS,
  profileListResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/errors';
import {
  type ListQuerystring,
  listQueryOf,
  listQuerystringSchema,
  paginationMeta,
} from '../../lib/list-query';
import { ofFleet } from '../../plugins/answers';
import { profileFindOneRoutes } from './find-one';
import { presentListEntry } from './presenter';
import { createPatientListService } from './service';

const RULES = {
  sortFields: PROFILE_SORT_FIELDS,
  filterFields: PROFILE_FILTER_FIELDS,
  populate: ['sensor'],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: 25,
};

const CHOICE_FILTER = /^filters(?:\[\$or\]\[\d+\])?\[(profiletype|is_active|has_sensor)\]\[(\$\w+)\]$/;

/** The filters with a fixed set of values (role, active, box) take $eq and one of those values. */
function checkChoices(query: Record<string, string | string[] | undefined>) {
  for (const [key, raw] of Object.entries(query)) {
    const m = CHOICE_FILTER.exec(key);
    if (!m || raw === undefined) continue;
    const field = m[1] as keyof typeof PROFILE_FILTER_VALUES;
    const allowed: readonly string[] = PROFILE_FILTER_VALUES[field];
    const value = Array.isArray(raw) ? (raw[raw.length - 1] ?? '') : raw;
    const message =
      m[2] !== '$eq'
        ? `${field} takes $eq only`
        : allowed.includes(value)
          ? null
          : `Must be one of ${allowed.join(', ')}`;
    if (message) throw validationError(message, [{ path: [key], message, name: 'ValidationError' }]);
  }
}

/** The patient list of the administrators (admin scope), in Strapi's query syntax. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const patients = createPatientListService(app.db);
  // GET /profiles/:id, Strapi's findOne of this list (find-one.ts).
  await app.register(profileFindOneRoutes);
  app.get(
    '/profiles',
    {
      schema: {
        querystring: listQuerystringSchema,
        response: { 200: profileListResponseSchema },
      },
    },
    // Kept while nothing anywhere changed and for the minute (plugins/answers.ts).
    app.keptAnswer(ofFleet, async (request: FastifyRequest<{ Querystring: ListQuerystring }>) => {
      const query = listQueryOf(request.query, RULES);
      checkChoices(request.query);
      const { rows, stats, total } = await patients.list(query);
      const withSensor = query.populate.includes('sensor');
      return {
        data: rows.map((r) => presentListEntry(r, withSensor, stats.get(r.id))),
        meta: paginationMeta(query, total),
      };
    }),
  );
};
