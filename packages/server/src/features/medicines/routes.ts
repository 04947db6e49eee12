import {
  assignMedicineRequestSchema,
  createScheduleRequestSchema,
  dateRangeQuerySchema,
  deletedResponseSchema,
  editMedicineRequestSchema,
  idParamsSchema,
  medicineListQuerySchema,
  medicineListResponseSchema,
  medicineResponseSchema,
  medicineScheduleResponseSchema,
  profileScheduleResponseSchema,
  scheduleResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { createMedicineHistory } from './history';
import { createMedicineService } from './service';

/** The signed-in patient's own medicines and dosage times (signed-in scope). */
export const medicineRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createMedicineService(app.db);
  const history = createMedicineHistory(app.db);
  const own = (request: Parameters<typeof userOf>[0]) => service.profileOf(userOf(request).id);

  app.get(
    '/medicines',
    { schema: { querystring: medicineListQuerySchema, response: { 200: medicineListResponseSchema } } },
    async (request) => ({ data: await service.list(await own(request), request.query.type) }),
  );

  app.post(
    '/medicine/assignMedicine',
    { schema: { body: assignMedicineRequestSchema, response: { 200: medicineResponseSchema } } },
    async (request) => ({ data: await service.add(await own(request), request.body.data) }),
  );

  app.post(
    '/medicine/editMedicineRecord',
    { schema: { body: editMedicineRequestSchema, response: { 200: medicineResponseSchema } } },
    async (request) => ({ data: await service.edit(await own(request), request.body.data) }),
  );

  app.delete(
    '/medicines/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await service.remove(await own(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.post(
    '/medicine-schedules',
    { schema: { body: createScheduleRequestSchema, response: { 200: scheduleResponseSchema } } },
    async (request) => {
      const { medicine, dosage_time } = request.body.data;
      return { data: await service.addSchedule(await own(request), medicine, dosage_time) };
    },
  );

  app.delete(
    '/medicine-schedules/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await service.removeSchedule(await own(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/medicine-schedules/profile',
    { schema: { response: { 200: profileScheduleResponseSchema } } },
    async (request) => ({ data: { schedule: await service.profileSchedule(await own(request)) } }),
  );

  app.get(
    '/medicine-schedule/medicine/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: medicineScheduleResponseSchema },
      },
    },
    async (request) => ({ data: await history(await own(request), request.params.id, request.query) }),
  );
};
