import {
  MAX_PAGE_SIZE,
  PROFILE_FILTER_FIELDS,
  PROFILE_SORT_FIELDS,
  profileListResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQueryOf, listQuerystringSchema, paginationMeta } from '../../lib/list-query';
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
        querystring: listQuerystringSchema,
        response: { 200: profileListResponseSchema },
      },
    },
    async (request) => {
      const query = listQueryOf(request.query, RULES);
      const { rows, total } = await listProfiles(app.db, query);
      return {
        data: rows.map((r) => presentProfileEntry(r, query.populate.includes('sensor'))),
        meta: paginationMeta(query, total),
      };
    },
  );
};
