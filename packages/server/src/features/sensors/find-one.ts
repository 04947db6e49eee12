import { idParamsSchema, MAX_PAGE_SIZE, sensorSummarySchema } from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { type ListQuerystring, listQueryOf, listQuerystringSchema } from '../../lib/list-query';
import { ofFleet } from '../../plugins/answers';
import type { SensorListQuery } from './queries';
import { createSensorService, ingestMeta } from './service';

/** GET /api/sensory-summaries/{id}: one entry of the device list, as Strapi's findOne answers (`meta` empty). */
const sensorSummaryResponseSchema = z.object({ data: sensorSummarySchema, meta: z.object({}) });

/** findOne takes no sort or filters, and nothing to populate (like the list): a key it cannot use is a 400. */
const RULES = {
  sortFields: [] as string[],
  filterFields: [] as string[],
  populate: [] as string[],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: 1,
};

/**
 * Strapi's findOne of the device list (admin scope, like the list). The entry is the list's own: the
 * list's query and presenter for the one device with this id's DevEUI (service hint and holder
 * included), so a column the list gains appears here too.
 */
export const sensorFindOneRoutes: FastifyPluginAsyncZod = async (app) => {
  const sensors = createSensorService(app.db);
  app.get(
    '/sensory-summaries/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: listQuerystringSchema,
        response: { 200: sensorSummaryResponseSchema },
      },
    },
    // Kept like the list (plugins/answers.ts): while nothing anywhere changed, and for the minute. The
    // entry shows none of the ingestion's counters, so they are not part of its key.
    app.keptAnswer(
      ofFleet,
      async (request: FastifyRequest<{ Params: { id: number }; Querystring: ListQuerystring }>) => {
        listQueryOf(request.query, RULES);
        const found = await app.db
          .selectFrom('sensors')
          .select('deveui')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!found) throw notFound('No device with this id');
        const query: SensorListQuery = {
          populate: [],
          sort: [],
          page: 1,
          pageSize: 1,
          filters: [{ field: 'deveui', operator: '$eq', value: found.deveui }],
          anyOf: [],
          fleet: {},
        };
        const { data } = await sensors.summaries(query, ingestMeta(app.ingest.counters));
        const entry = data.find((d) => d.id === request.params.id);
        if (!entry) throw notFound('No device with this id');
        return { data: entry, meta: {} };
      },
    ),
  );
};
