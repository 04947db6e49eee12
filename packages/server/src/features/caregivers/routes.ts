import {
  type AcceptCaregiverRequest,
  acceptCaregiverRequestSchema,
  caregiverIdParamsSchema,
  caregiverResponseSchema,
  caregiversResponseSchema,
  caregivingResponseSchema,
  deletedResponseSchema,
  type InviteCaregiverRequest,
  inviteCaregiverRequestSchema,
} from '@dosedot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Db, readNow } from '../../db';
import { notFound } from '../../lib/errors';
import { type AnswerScope, ofFleet } from '../../plugins/answers';
import { userOf } from '../../plugins/auth';
import { audit } from '../audit';
import { patientNow } from '../profiles';
import { createCaregiverService } from './service';

/**
 * Caregivers (signed-in scope, one's own only): the patient's caregivers and invitations, invite
 * and revoke; taking an invitation; the patients one cares for. Reading a patient's data as their
 * caregiver goes through the door (plugins/subject.ts), read-only and in the patient's access log.
 */
export const caregiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCaregiverService({
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log.child({ part: 'caregivers' }),
  });

  /** The signed-in patient's profile, from the read cache as the door reads it (plugins/subject.ts). */
  const ownProfile = async (request: FastifyRequest) => {
    const user = userOf(request);
    const profile = await patientNow(app.db, { userId: user.id });
    if (!profile) throw notFound('Profile not found');
    return { user, profile };
  };
  /** The patient's own change, in their audit log (its data export shows it). */
  const noted =
    (request: FastifyRequest, action: string, profileId: number, details: Record<string, unknown>) =>
    (trx: Db) =>
      audit(trx, {
        actorUserId: userOf(request).id,
        action,
        targetType: 'profile',
        targetId: profileId,
        details,
        ip: request.ip,
      });

  // Kept under the patient's data version (an invitation's expiry shows within the minute, like the
  // other kept answers' clock).
  const ofOwnProfile = async (request: FastifyRequest): Promise<AnswerScope> => ({
    versions: [(await ownProfile(request)).profile.id],
  });
  app.get(
    '/caregivers',
    { schema: { response: { 200: caregiversResponseSchema } } },
    app.keptAnswer(ofOwnProfile, async (request: FastifyRequest) => ({
      data: await service.list((await ownProfile(request)).profile.id),
    })),
  );

  app.post(
    '/caregivers/invite',
    { schema: { body: inviteCaregiverRequestSchema, response: { 200: caregiverResponseSchema } } },
    async (request: FastifyRequest<{ Body: InviteCaregiverRequest }>) => {
      const { profile } = await ownProfile(request);
      const { email } = request.body.data;
      return {
        data: await service.invite(
          profile.id,
          email,
          noted(request, 'caregivers.invite', profile.id, { email }),
        ),
      };
    },
  );

  app.delete(
    '/caregivers/:id',
    { schema: { params: caregiverIdParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request: FastifyRequest<{ Params: { id: number } }>) => {
      const { profile } = await ownProfile(request);
      const { id } = request.params;
      await service.revoke(
        profile.id,
        id,
        noted(request, 'caregivers.revoke', profile.id, { caregiver: id }),
      );
      return { data: { id } };
    },
  );

  app.post(
    '/caregivers/accept',
    { schema: { body: acceptCaregiverRequestSchema, response: { 200: caregivingResponseSchema } } },
    async (request: FastifyRequest<{ Body: AcceptCaregiverRequest }>) => {
      const user = userOf(request);
      await service.accept(user.id, request.body.data.token);
      return { data: await service.patients(user.id) };
    },
  );

  // Kept under the fleet's version (the patients' names and the caregiver rows belong to the patients,
  // so no one patient's version covers the list; on PostgreSQL the version read is grouped with other
  // requests' instead of a query of its own); when that moved, from the read cache while nothing the
  // list read was written (SQLite: ingestion moves the fleet's version, not these tables).
  app.get(
    '/caregiving',
    { schema: { response: { 200: caregivingResponseSchema } } },
    app.keptAnswer(ofFleet, async (request: FastifyRequest) => {
      const { id } = userOf(request);
      return { data: await readNow(app.db, `caregiving:${id}`, () => service.patients(id)) };
    }),
  );
};
