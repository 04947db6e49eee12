import {
  HEALTH_SECTION_NAMES,
  HEALTH_SECTIONS,
  type HealthSection,
  healthDataResponseSchema,
} from '@dosedot/domain/health';
import { localDateOf } from '@dosedot/domain/time';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reads, subjectOf, writes } from '../../plugins/subject';
import { fhirBundleOf } from './bundle';
import { createHealthDataService, presentHealthData } from './service';

/**
 * My Health Data (behind the door, for subjects with the grant: the users HEALTH_DATA_EMAILS lists,
 * themselves or through an administrator's open session).
 */
export const healthDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHealthDataService(app.db, app.config.healthDataKey);
  const own = (request: FastifyRequest) => {
    const subject = subjectOf(request);
    return { subject, today: localDateOf(Date.now(), subject.timezone) };
  };

  app.get(
    '/health-data',
    { config: reads('read_health_data'), schema: { response: { 200: healthDataResponseSchema } } },
    async (request) => {
      const { subject, today } = own(request);
      const { record, updatedAt } = await service.read(subject.actor.id, subject.profileId, request.ip);
      return { data: presentHealthData(record, updatedAt, today) };
    },
  );

  for (const section of HEALTH_SECTION_NAMES) {
    app.put(
      `/health-data/${section}`,
      {
        config: writes('write_health_data', () => ({ section })),
        schema: { body: HEALTH_SECTIONS[section], response: { 200: healthDataResponseSchema } },
      },
      async (request) => {
        const { subject, today } = own(request);
        const values = request.body as NonNullable<Parameters<typeof service.save<HealthSection>>[3]>;
        const { record, updatedAt } = await service.save(
          subject.actor.id,
          subject.profileId,
          section,
          values,
          request.ip,
          subject.record,
        );
        return { data: presentHealthData(record, updatedAt, today) };
      },
    );
  }

  /** Take your data with you: JSON as stored, or a FHIR R4 Bundle with the patient's medicines too. */
  app.get(
    '/health-data/export',
    {
      config: reads('export_health_data', (r) => ({ format: (r.query as { format: string }).format })),
      schema: { querystring: z.strictObject({ format: z.enum(['json', 'fhir']).default('json') }) },
    },
    async (request, reply) => {
      const { subject, today } = own(request);
      const { record, updatedAt } = await service.read(
        subject.actor.id,
        subject.profileId,
        request.ip,
        'health_data.export',
      );
      const data = presentHealthData(record, updatedAt, today);
      const fhir = request.query.format === 'fhir';
      const body = fhir ? await fhirBundleOf(app.db, subject, data, today) : { data };
      return reply
        .header('content-disposition', `attachment; filename="my-health-data${fhir ? '.fhir' : ''}.json"`)
        .type(fhir ? 'application/fhir+json' : 'application/json; charset=utf-8')
        .send(JSON.stringify(body, null, 2));
    },
  );
};
