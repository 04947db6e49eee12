import {
  ListQueryError,
  MAX_PAGE_SIZE,
  PROFILE_FILTER_FIELDS,
  PROFILE_SORT_FIELDS,
  parseListQuery,
  profileListResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { presentProfileEntry } from './presenter';
import { listProfiles } from './queries';

const RULES = {
  sortFields: PROFILE_SORT_FIELDS,
  filterFields: PROFILE_FILTER_FIELDS,
  populate: ['sensor'],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: 25,
};

/** The patient list of the administrators (admin scope), in Strapi's query syntax. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles',
    {
      schema: {
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: profileListResponseSchema },
      },
    },
    async (request) => {
      let query: ReturnType<
        typeof parseListQuery<(typeof PROFILE_SORT_FIELDS)[number], (typeof PROFILE_FILTER_FIELDS)[number]>
      >;
      try {
        query = parseListQuery(request.query, RULES);
      } catch (err) {
        if (err instanceof ListQueryError) throw validationError(err.message, err.errors);
        throw err;
      }
      const { rows, total } = await listProfiles(app.db, query);
      return {
        data: rows.map((r) => presentProfileEntry(r, query.populate.includes('sensor'))),
        meta: {
          pagination: {
            page: query.page,
            pageSize: query.pageSize,
            pageCount: Math.ceil(total / query.pageSize),
            total,
          },
        },
      };
    },
  );
};
