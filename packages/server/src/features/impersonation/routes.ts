import {
  adherenceResponseSchema,
  dateRangeQuerySchema,
  deletedResponseSchema,
  idParamsSchema,
  impersonateAssignMedicineRequestSchema,
  impersonationSessionResponseSchema,
  impMedicineParamsSchema,
  impParamsSchema,
  medicineResponseSchema,
  medicineScheduleResponseSchema,
  profileScheduleResponseSchema,
  profileSchema,
  profileuidParamsSchema,
  startImpersonationRequestSchema,
  storageAlertsQuerySchema,
  storageAlertsResponseSchema,
} from '@dosedot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import { presentAdherence } from '../adherence/presenter';
import { createAdherenceService } from '../adherence/service';
import { createMedicineHistory } from '../medicines/history';
import { createMedicineService } from '../medicines/service';
import { createProfileService } from '../profiles/service';
import { createStorageAlertService } from '../storage-alerts/service';
import { createImpersonationService } from './service';

/**
 * Impersonation (admin scope): sessions with a reason, and the patient's profile, schedule and
 * medicines read and written for them — each only inside an open session, each audited.
 */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = createImpersonationService(app.db);
  const profiles = createProfileService(app.db);
  const medicines = createMedicineService(app.db);
  const history = createMedicineHistory(app.db);
  const adherence = createAdherenceService(app.db);
  const storageAlerts = createStorageAlertService(app.db);
  const admin = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  app.post(
    '/impersonation',
    {
      schema: {
        body: startImpersonationRequestSchema,
        response: { 200: impersonationSessionResponseSchema },
      },
    },
    async (request) => {
      const { profileuid, reason } = request.body.data;
      return { data: await sessions.start(admin(request), profileuid, reason, request.ip) };
    },
  );

  app.get(
    '/impersonation/current',
    {
      schema: {
        response: { 200: z.object({ data: impersonationSessionResponseSchema.shape.data.nullable() }) },
      },
    },
    async (request) => ({ data: await sessions.current(admin(request)) }),
  );

  app.delete(
    '/impersonation/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await sessions.stop(admin(request), request.params.id, request.ip);
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    '/profile/imp/userdata/:profileuid',
    { schema: { params: profileuidParamsSchema, response: { 200: profileSchema } } },
    async (request) => {
      const patient = await sessions.enter(admin(request), request.params, 'read_profile', request.ip);
      return profiles.load(patient.user_id);
    },
  );

  app.get(
    '/medicine-schedules/imp/profile/:impUserId',
    { schema: { params: impParamsSchema, response: { 200: profileScheduleResponseSchema } } },
    async (request) => {
      const by = { userId: request.params.impUserId };
      const patient = await sessions.enter(admin(request), by, 'read_schedule', request.ip);
      return { data: { schedule: await medicines.profileSchedule(patient.id) } };
    },
  );

  app.get(
    '/medicine-schedule/imp/medicine/:medicineId/:impUserId',
    {
      schema: {
        params: impMedicineParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: medicineScheduleResponseSchema },
      },
    },
    async (request) => {
      const { impUserId, medicineId } = request.params;
      const patient = await sessions.enter(
        admin(request),
        { userId: impUserId },
        'read_medicine',
        request.ip,
        {
          medicine: medicineId,
        },
      );
      return { data: await history(patient.id, medicineId, request.query) };
    },
  );

  /** The patient's intakes and figures per chart day (the dashboard and My Medicine while impersonating). */
  app.get(
    '/adherence/imp/:impUserId',
    {
      schema: {
        params: impParamsSchema,
        querystring: dateRangeQuerySchema,
        response: { 200: adherenceResponseSchema },
      },
    },
    async (request) => {
      const by = { userId: request.params.impUserId };
      const patient = await sessions.enter(admin(request), by, 'read_adherence', request.ip);
      const { timezone, range, result } = await adherence.compute(patient.id, request.query);
      return { data: presentAdherence(timezone, range, result) };
    },
  );

  /** The patient's time out of each medicine's storage range (the dashboard's storage card while impersonating). */
  app.get(
    '/storage-alerts/imp/:impUserId',
    {
      schema: {
        params: impParamsSchema,
        querystring: storageAlertsQuerySchema,
        response: { 200: storageAlertsResponseSchema },
      },
    },
    async (request) => {
      const by = { userId: request.params.impUserId };
      const patient = await sessions.enter(admin(request), by, 'read_storage_alerts', request.ip);
      return storageAlerts.forUser(patient.user_id, request.query);
    },
  );

  app.post(
    '/medicine/impersonateAssignMedicine',
    { schema: { body: impersonateAssignMedicineRequestSchema, response: { 200: medicineResponseSchema } } },
    async (request) => {
      const { impUserId, data } = request.body;
      const patient = await sessions.enter(
        admin(request),
        { userId: impUserId },
        'add_medicine',
        request.ip,
        {
          medicine: data.name,
        },
      );
      return { data: await medicines.add(patient.id, data) };
    },
  );
};
