import {
  adherenceResponseSchema,
  dateRangeQuerySchema,
  idParamsSchema,
  impMedicineParamsSchema,
  impParamsSchema,
  medicineScheduleResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepUntil, ofSubject } from '../../plugins/answers';
import { reads, subjectOf } from '../../plugins/subject';
import { createMedicineHistory } from './history';
import { presentAdherence } from './presenter';
import { createAdherenceService, type RangeAsked } from './service';

/**
 * GET /api/adherence?from&to: the subject's intakes and figures per chart day (behind the door; the
 * dashboards and My Medicine). GET /api/adherence/imp/{userId} names the patient in the path.
 * GET /api/medicine-schedule/medicine/{id}: one medicine with its schedules and its intakes.
 */
export const adherenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const adherence = createAdherenceService(app.db);
  const history = createMedicineHistory(app.db);
  // Kept while the patient's data is unchanged, until the clock can change the answer (plugins/answers.ts).
  const read = app.keptAnswer(ofSubject, async (request: FastifyRequest<{ Querystring: RangeAsked }>) => {
    const subject = subjectOf(request);
    const { timezone, range, result, manual, changesAt } = await adherence.compute(
      subject.profileId,
      request.query,
    );
    keepUntil(request, changesAt);
    return { data: presentAdherence(timezone, range, result, manual, { patientUserId: subject.userId }) };
  });
  const config = reads('read_adherence', (r) => {
    const { from, to } = r.query as RangeAsked;
    return { from, to };
  });

  app.get(
    '/adherence',
    { config, schema: { querystring: dateRangeQuerySchema, response: { 200: adherenceResponseSchema } } },
    read,
  );
  app.get(
    '/adherence/imp/:impUserId',
    {
      config,
      schema: {
        params: impParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: adherenceResponseSchema },
      },
    },
    read,
  );

  // One medicine with its schedules and its intakes over a range, newest first (My Medicine's history).
  type HistoryRequest = FastifyRequest<{
    Params: { id: number } | { medicineId: number };
    Querystring: RangeAsked;
  }>;
  const medicineOf = (request: FastifyRequest<{ Params: { id: number } | { medicineId: number } }>) =>
    'id' in request.params ? request.params.id : request.params.medicineId;
  const medicineHistory = app.keptAnswer(ofSubject, async (request: HistoryRequest) => {
    const { data, changesAt } = await history(subjectOf(request), medicineOf(request), request.query);
    keepUntil(request, changesAt);
    return { data };
  });
  const historyConfig = reads('read_medicine', (r) => {
    const { from, to } = r.query as RangeAsked;
    return { medicine: medicineOf(r as HistoryRequest), from, to };
  });
  app.get(
    '/medicine-schedule/medicine/:id',
    {
      config: historyConfig,
      schema: {
        params: idParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: medicineScheduleResponseSchema },
      },
    },
    medicineHistory,
  );
  app.get(
    '/medicine-schedule/imp/medicine/:medicineId/:impUserId',
    {
      config: historyConfig,
      schema: {
        params: impMedicineParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: medicineScheduleResponseSchema },
      },
    },
    medicineHistory,
  );
};
