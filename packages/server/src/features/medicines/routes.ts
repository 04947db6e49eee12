import {
  assignMedicineRequestSchema,
  createIntakeRequestSchema,
  createScheduleRequestSchema,
  deletedResponseSchema,
  editMedicineRequestSchema,
  idParamsSchema,
  impersonateAssignMedicineRequestSchema,
  impParamsSchema,
  intakeResponseSchema,
  type MedicineInput,
  medicineListQuerySchema,
  medicineListResponseSchema,
  medicineResponseSchema,
  profileScheduleResponseSchema,
  scheduleResponseSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepUntil, ofSubject } from '../../plugins/answers';
import { reads, type Subject, subjectOf, writes } from '../../plugins/subject';
import { createIntakeService, type IntakeAuthor } from './intakes';
import { createMedicineService } from './service';

const authorOf = (subject: Subject): IntakeAuthor => ({
  profileId: subject.profileId,
  userId: subject.userId,
  timezone: subject.timezone,
  segmentTimes: subject.segmentTimes,
  actorId: subject.actor.id,
  record: subject.record,
});

/**
 * The subject's medicines and dosage times (behind the door: one's own, or the patient of an
 * administrator's open session). The spec's `/imp/` paths are the same routes with the patient named.
 */
export const medicineRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMedicineService(app.db);
  const intakes = createIntakeService(app.db);

  app.get(
    '/medicines',
    {
      config: reads('read_medicines'),
      schema: { querystring: medicineListQuerySchema, response: { 200: medicineListResponseSchema } },
    },
    app.keptAnswer(ofSubject, async (request: FastifyRequest<{ Querystring: { type?: 1 | 2 } }>) => {
      // Data only: the clock never changes the list (kept until the patient's data changes).
      keepUntil(request, Number.POSITIVE_INFINITY);
      return { data: await service.list(subjectOf(request).profileId, request.query.type) };
    }),
  );

  const add = async (request: FastifyRequest<{ Body: { data: MedicineInput } }>) => {
    const subject = subjectOf(request);
    return { data: await service.add(subject.profileId, request.body.data, subject.record) };
  };
  const addConfig = writes('add_medicine');
  app.post(
    '/medicine/assignMedicine',
    {
      config: addConfig,
      schema: { body: assignMedicineRequestSchema, response: { 200: medicineResponseSchema } },
    },
    add,
  );
  app.post(
    '/medicine/impersonateAssignMedicine',
    {
      config: addConfig,
      schema: { body: impersonateAssignMedicineRequestSchema, response: { 200: medicineResponseSchema } },
    },
    add,
  );

  app.post(
    '/medicine/editMedicineRecord',
    {
      config: writes('edit_medicine', (r) => ({ medicine: (r.body as { data: { id: number } }).data.id })),
      schema: { body: editMedicineRequestSchema, response: { 200: medicineResponseSchema } },
    },
    async (request) => {
      const subject = subjectOf(request);
      return { data: await service.edit(subject.profileId, request.body.data, subject.record) };
    },
  );

  app.delete(
    '/medicines/:id',
    {
      config: writes('remove_medicine', (r) => ({ medicine: (r.params as { id: number }).id })),
      schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      const subject = subjectOf(request);
      await service.remove(subject.profileId, request.params.id, subject.record);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/medicine-schedules',
    {
      config: writes('add_schedule', (r) => {
        const { medicine, dosage_time } = (r.body as { data: { medicine: number; dosage_time: string } })
          .data;
        return { medicine, time: dosage_time };
      }),
      schema: { body: createScheduleRequestSchema, response: { 200: scheduleResponseSchema } },
    },
    async (request) => {
      const subject = subjectOf(request);
      const { medicine, dosage_time } = request.body.data;
      return { data: await service.addSchedule(subject.profileId, medicine, dosage_time, subject.record) };
    },
  );

  app.delete(
    '/medicine-schedules/:id',
    {
      config: writes('remove_schedule', (r) => ({ schedule: (r.params as { id: number }).id })),
      schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      const subject = subjectOf(request);
      await service.removeSchedule(subject.profileId, request.params.id, subject.record);
      return { data: { id: request.params.id } };
    },
  );

  // Intakes entered by hand: 'I took one' of an as-needed medicine, or a dose confirmed without a press.
  app.post(
    '/medicine-intakes',
    {
      config: writes('add_intake', (r) => ({
        medicine: (r.body as { data: { medicine: number } }).data.medicine,
      })),
      schema: { body: createIntakeRequestSchema, response: { 200: intakeResponseSchema } },
    },
    async (request) => ({ data: await intakes.add(authorOf(subjectOf(request)), request.body.data) }),
  );

  app.delete(
    '/medicine-intakes/:id',
    {
      config: writes('remove_intake', (r) => ({ intake: (r.params as { id: number }).id })),
      schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } },
    },
    async (request) => {
      await intakes.remove(authorOf(subjectOf(request)), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  const profileSchedule = app.keptAnswer(ofSubject, async (request: FastifyRequest) => {
    // Data only: the clock never changes the day's plan (kept until the patient's data changes).
    keepUntil(request, Number.POSITIVE_INFINITY);
    return { data: await service.profileSchedule(subjectOf(request).profileId) };
  });
  const scheduleConfig = reads('read_schedule');
  app.get(
    '/medicine-schedules/profile',
    { config: scheduleConfig, schema: { response: { 200: profileScheduleResponseSchema } } },
    profileSchedule,
  );
  app.get(
    '/medicine-schedules/imp/profile/:impUserId',
    {
      config: scheduleConfig,
      schema: { params: impParamsSchema, response: { 200: profileScheduleResponseSchema } },
    },
    profileSchedule,
  );
};
