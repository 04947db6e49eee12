import { randomBytes } from 'node:crypto';
import {
  CAREGIVER_INVITATION_DAYS,
  CAREGIVER_MESSAGES,
  type Caregiver,
  type CaregivingResponse,
  MAX_CAREGIVERS,
} from '@dosedot/domain';
import { ERROR_CODES } from '@dosedot/domain/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { fieldError, HttpError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { sha256Hex } from '../auth';
import { findPatient, profileLanguage } from '../profiles';
import { invitationEmail } from './emails';
import {
  acceptInvitation,
  caregiversOf,
  insertInvitation,
  invitationByToken,
  patientsOf,
  revokeCaregiver,
} from './queries';

const DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Caregivers (issue 26 item 5, decision 0015): invitations by e-mail, taken by a signed-in user,
 * revoked by the patient. What a caregiver may read is decided by the door (plugins/subject.ts).
 */
export function createCaregiverService(opts: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, appUrl, log } = opts;

  const present = (r: Awaited<ReturnType<typeof caregiversOf>>[number], now: number): Caregiver => ({
    id: r.id,
    email: r.email,
    name: r.accepted_at === null ? null : `${r.givenname ?? ''} ${r.familyname ?? ''}`.trim() || null,
    status: r.accepted_at !== null ? 'active' : Number(r.expires_at) <= now ? 'expired' : 'invited',
    invitedAt: iso(r.invited_at) as string,
    acceptedAt: iso(r.accepted_at),
  });

  return {
    async list(profileId: number, now = Date.now()): Promise<Caregiver[]> {
      return (await caregiversOf(db, profileId)).map((r) => present(r, now));
    },

    /** Invites `email` to care for the patient; the link goes by e-mail once the row is committed. */
    async invite(
      profileId: number,
      email: string,
      record: (trx: Db) => Promise<void>,
      now = Date.now(),
    ): Promise<Caregiver> {
      const address = email.trim().toLowerCase();
      const profile = await findPatient(db, { profileId });
      if (!profile) throw notFound('Profile not found');
      if (profile.email.toLowerCase() === address) throw fieldError('email', CAREGIVER_MESSAGES.self);
      const token = randomBytes(32).toString('base64url');
      const { id } = await inTransaction(db, async (trx) => {
        // Checked and written one invitation at a time: two sent at once (a double tap, two
        // devices) neither invite the same address twice nor pass the limit together.
        await holdRow(trx, 'profiles', profileId);
        const current = await caregiversOf(trx, profileId);
        const open = current.filter((c) => c.accepted_at !== null || Number(c.expires_at) > now);
        if (open.some((c) => c.email === address)) throw fieldError('email', CAREGIVER_MESSAGES.already);
        if (open.length >= MAX_CAREGIVERS)
          throw new HttpError(409, 'ConflictError', CAREGIVER_MESSAGES.tooMany);
        const row = await insertInvitation(trx, {
          profile_id: profileId,
          email: address,
          token_hash: sha256Hex(token),
          invited_at: now,
          expires_at: now + CAREGIVER_INVITATION_DAYS * DAY,
        });
        await record(trx);
        return row;
      });
      const language = await profileLanguage(db, profile.user_id);
      const patient = `${profile.givenname} ${profile.familyname}`.trim();
      const link = `${appUrl}/caregiving?token=${token}`;
      mailer
        .send({
          to: address,
          ...invitationEmail(language, { patient, link, days: CAREGIVER_INVITATION_DAYS }),
        })
        .catch((err: unknown) => log.error({ err }, 'could not send a caregiver invitation'));
      return present(
        {
          id,
          email: address,
          invited_at: now,
          expires_at: now + CAREGIVER_INVITATION_DAYS * DAY,
          accepted_at: null,
          user_id: null,
          givenname: null,
          familyname: null,
        },
        now,
      );
    },

    /** The signed-in user takes an invitation: from now on they read the patient's data. */
    async accept(userId: number, token: string, now = Date.now()): Promise<void> {
      const invitation = await invitationByToken(db, sha256Hex(token));
      const refuse = (message: string, code: string) => fieldError('token', message, code);
      if (!invitation) throw refuse(CAREGIVER_MESSAGES.unknown, ERROR_CODES.invitationUnknown);
      if (invitation.revoked_at !== null)
        throw refuse(CAREGIVER_MESSAGES.revoked, ERROR_CODES.invitationUnknown);
      if (invitation.accepted_at !== null) throw refuse(CAREGIVER_MESSAGES.used, ERROR_CODES.invitationUsed);
      if (Number(invitation.expires_at) <= now)
        throw refuse(CAREGIVER_MESSAGES.expired, ERROR_CODES.invitationExpired);
      if (invitation.patient_user_id === userId)
        throw refuse(CAREGIVER_MESSAGES.self, ERROR_CODES.invitationSelf);
      if (!(await acceptInvitation(db, invitation.id, userId, now)))
        throw refuse(CAREGIVER_MESSAGES.used, ERROR_CODES.invitationUsed);
    },

    async revoke(profileId: number, id: number, record: (trx: Db) => Promise<void>, now = Date.now()) {
      await inTransaction(db, async (trx) => {
        if (!(await revokeCaregiver(trx, profileId, id, now))) throw notFound('No such caregiver');
        await record(trx);
      });
    },

    async patients(userId: number): Promise<CaregivingResponse['data']> {
      return (await patientsOf(db, userId)).map((p) => ({
        userId: p.user_id,
        givenname: p.givenname,
        familyname: p.familyname,
        since: iso(p.accepted_at) as string,
      }));
    },
  };
}
