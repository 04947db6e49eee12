import {
  assignSensorRequestSchema,
  buttonPressHistoryRequestSchema,
  buttonPressHistoryResponseSchema,
  ListQueryError,
  MAX_PAGE_SIZE,
  parseListQuery,
  readFleetFilters,
  SENSOR_DEFAULT_PAGE_SIZE,
  SENSOR_FILTER_FIELDS,
  SENSOR_SORT_FIELDS,
  sensorAssignmentResponseSchema,
  sensorySummariesResponseSchema,
  tempHumiHistoryRequestSchema,
  tempHumiHistoryResponseSchema,
  unassignSensorRequestSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/errors';
import { type ListQuerystring, listQuerystringSchema } from '../../lib/list-query';
import { FLEET } from '../../plugins/answers';
import { userOf } from '../../plugins/auth';
import { reads, subjectOf } from '../../plugins/subject';
import { boxImportRoutes } from './bulk-import';
import { sensorFindOneRoutes } from './find-one';
import { freeBoxRoutes } from './free-boxes';
import type { SensorListQuery } from './queries';
import { createSensorService, ingestMeta } from './service';

/** GET /api/sensory-summaries reads Strapi's list syntax: pagination, sort and filters on the device. */
const LIST_RULES = {
  sortFields: SENSOR_SORT_FIELDS,
  filterFields: SENSOR_FILTER_FIELDS,
  populate: [] as string[],
  maxPageSize: MAX_PAGE_SIZE,
  defaultPageSize: SENSOR_DEFAULT_PAGE_SIZE,
};

/** The device list's query (contract/sensor.ts): Strapi's syntax and the fleet filters, or a 400 naming each wrong key. */
function sensorListQueryOf(query: Record<string, string | string[] | undefined>): SensorListQuery {
  const { filters: fleet, rest, errors } = readFleetFilters(query);
  try {
    const list = parseListQuery(rest, LIST_RULES);
    if (errors.length === 0) return { ...list, fleet };
  } catch (err) {
    if (!(err instanceof ListQueryError)) throw err;
    errors.push(...err.errors);
  }
  throw validationError(errors.map((e) => `${e.path.join('.')}: ${e.message}`).join('; '), errors);
}

const actorOf = (request: FastifyRequest) => ({ userId: userOf(request).id, ip: request.ip });

/** The device list and sensor (un)assignment (admin scope). */
export const sensorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const sensors = createSensorService(app.db);
  await app.register(freeBoxRoutes);
  await app.register(boxImportRoutes);
  // GET /sensory-summaries/:id, Strapi's findOne of the device list (find-one.ts).
  await app.register(sensorFindOneRoutes);

  app.get(
    '/sensory-summaries',
    {
      schema: {
        querystring: listQuerystringSchema,
        response: { 200: sensorySummariesResponseSchema },
      },
    },
    // Kept while nothing anywhere changed and for the minute (plugins/answers.ts); the ingestion's
    // counters of this process are part of the answer, so of its key.
    app.keptAnswer(
      () => ({ versions: [FLEET], extra: JSON.stringify(ingestMeta(app.ingest.counters)) }),
      async (request: FastifyRequest<{ Querystring: ListQuerystring }>) =>
        sensors.summaries(sensorListQueryOf(request.query), ingestMeta(app.ingest.counters)),
    ),
  );

  /** The filtered device list, every page of it, as a CSV file (same search, filters and sort). */
  app.get(
    '/sensory-summaries/export.csv',
    { schema: { querystring: listQuerystringSchema } },
    async (request, reply) => {
      const csv = await sensors.exportCsv(actorOf(request), sensorListQueryOf(request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dosedot-devices-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/sensor/assign',
    { schema: { body: assignSensorRequestSchema, response: { 200: sensorAssignmentResponseSchema } } },
    async (request) => {
      const { profileid, deveui, since } = request.body.data;
      return { data: await sensors.assign(actorOf(request), profileid, deveui, { since }) };
    },
  );

  app.put(
    '/sensor/unassign',
    { schema: { body: unassignSensorRequestSchema, response: { 200: sensorAssignmentResponseSchema } } },
    async (request) => ({ data: await sensors.unassign(actorOf(request), request.body.data) }),
  );
};

/**
 * A patient's presses and temperature/humidity history (behind the door: the body's `profileId`
 * names the patient, who must be the caller or the patient of an administrator's open session).
 */
export const sensorRoutes: FastifyPluginAsyncZod = async (app) => {
  const sensors = createSensorService(app.db);
  const patientOf = (request: FastifyRequest) => {
    const subject = subjectOf(request);
    return { id: subject.profileId, timezone: subject.timezone };
  };
  const range = (r: FastifyRequest) => {
    const { startDate, endDate } = r.body as { startDate: string; endDate: string };
    return { from: startDate, to: endDate };
  };

  app.post(
    '/sensor/button/getButtonPressHistory',
    {
      config: reads('read_presses', range),
      schema: { body: buttonPressHistoryRequestSchema, response: { 200: buttonPressHistoryResponseSchema } },
    },
    async (request) => ({ data: await sensors.pressHistory(patientOf(request), request.body) }),
  );

  app.post(
    '/sensor/history/getSensorTempAndHumiHistory',
    {
      config: reads('read_climate', range),
      schema: { body: tempHumiHistoryRequestSchema, response: { 200: tempHumiHistoryResponseSchema } },
    },
    async (request) => ({ data: await sensors.climateHistory(patientOf(request), request.body) }),
  );
};
