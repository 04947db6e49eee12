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
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { audit } from '../audit';
import { findProfileByUser } from '../profiles';
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

  const ownProfile = async (request: FastifyRequest) => {
    const user = userOf(request);
    const profile = await findProfileByUser(app.db, user.id);
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

  app.get('/caregivers', { schema: { response: { 200: caregiversResponseSchema } } }, async (request) => {
    const { profile } = await ownProfile(request);
    return { data: await service.list(profile.id) };
  });

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

  app.get('/caregiving', { schema: { response: { 200: caregivingResponseSchema } } }, async (request) => ({
    data: await service.patients(userOf(request).id),
  }));
};
