import {
  HEALTH_SECTION_NAMES,
  HEALTH_SECTIONS,
  type HealthSection,
  healthDataResponseSchema,
} from '@dosedot/domain/health';
import { localDateOf } from '@dosedot/domain/time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import { profileTimezone } from '../medicines/queries';
import { createMedicineService } from '../medicines/service';
import { toFhirBundle } from './fhir';
import { createHealthDataService, presentHealthData } from './service';

/** My Health Data (health-data scope: only the users HEALTH_DATA_EMAILS lists). */
export const healthDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHealthDataService(app.db, app.config.healthDataKey);
  const profiles = createMedicineService(app.db);
  const own = async (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    const profileId = await profiles.profileOf(user.id);
    return { user, profileId, today: localDateOf(Date.now(), await profileTimezone(app.db, profileId)) };
  };

  app.get('/health-data', { schema: { response: { 200: healthDataResponseSchema } } }, async (request) => {
    const { user, profileId, today } = await own(request);
    const { record, updatedAt } = await service.read(user.id, profileId, request.ip);
    return { data: presentHealthData(record, updatedAt, today) };
  });

  for (const section of HEALTH_SECTION_NAMES) {
    app.put(
      `/health-data/${section}`,
      { schema: { body: HEALTH_SECTIONS[section], response: { 200: healthDataResponseSchema } } },
      async (request) => {
        const { user, profileId, today } = await own(request);
        const values = request.body as NonNullable<Parameters<typeof service.save<HealthSection>>[3]>;
        const { record, updatedAt } = await service.save(user.id, profileId, section, values, request.ip);
        return { data: presentHealthData(record, updatedAt, today) };
      },
    );
  }

  /** Take your data with you: JSON as stored, or a FHIR R4 Bundle. */
  app.get(
    '/health-data/export',
    { schema: { querystring: z.strictObject({ format: z.enum(['json', 'fhir']).default('json') }) } },
    async (request, reply) => {
      const { user, profileId, today } = await own(request);
      const { record, updatedAt } = await service.read(user.id, profileId, request.ip, 'health_data.export');
      const data = presentHealthData(record, updatedAt, today);
      const fhir = request.query.format === 'fhir';
      const body = fhir ? toFhirBundle(data, { email: user.email, today }) : { data };
      return reply
        .header('content-disposition', `attachment; filename="my-health-data${fhir ? '.fhir' : ''}.json"`)
        .type(fhir ? 'application/fhir+json' : 'application/json; charset=utf-8')
        .send(JSON.stringify(body, null, 2));
    },
  );
};
