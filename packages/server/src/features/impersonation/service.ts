import { IMPERSONATION_MINUTES, type ImpersonationSession } from '@dosedot/domain';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { dataFieldError, notFound } from '../../lib/errors';
import { audit } from '../audit';
import { findPatient, type PatientRow, patientNow } from '../profiles';
import { endSessions, insertSession, openSessions, type SessionRow } from './queries';

type Patient = PatientRow;

const iso = (ms: number) => new Date(ms).toISOString();

function present(session: SessionRow, patient: Patient): ImpersonationSession {
  return {
    id: session.id,
    profileuid: patient.profileuid,
    userid: patient.user_id,
    givenname: patient.givenname,
    familyname: patient.familyname,
    reason: session.reason,
    startedAt: iso(session.started_at),
    expiresAt: iso(session.expires_at),
  };
}

/**
 * Accountable access: an administrator acts for a patient only inside a session that names its
 * reason and ends by itself after IMPERSONATION_MINUTES; every read and write in it is audited
 * against the patient's profile, so the patient can see who looked and why.
 */
export function createImpersonationService(db: Db) {
  return {
    async start(adminUserId: number, profileuid: string, reason: string, ip: string, now = Date.now()) {
      const patient = await findPatient(db, { profileuid });
      if (!patient) throw notFound('Profile not found');
      if (patient.profiletype === 'admin')
        throw dataFieldError('profileuid', 'Only patients can be impersonated');
      const session = await inTransaction(db, async (trx) => {
        // One session at a time: an open one ends now, and its end is in that patient's log. Two
        // starts at once (a double tap, two tabs) take turns, so the second ends the first.
        await holdRow(trx, 'users', adminUserId);
        for (const open of await openSessions(trx, adminUserId, now)) {
          await endSessions(trx, adminUserId, now, open.id);
          await audit(trx, {
            actorUserId: adminUserId,
            action: 'impersonation.stop',
            targetType: 'profile',
            targetId: open.profile_id,
            details: { session: open.id, reason: open.reason, replaced: true },
            ip,
          });
        }
        const s = await insertSession(trx, {
          adminUserId,
          profileId: patient.id,
          reason,
          startedAt: now,
          expiresAt: now + IMPERSONATION_MINUTES * 60_000,
        });
        await audit(trx, {
          actorUserId: adminUserId,
          action: 'impersonation.start',
          targetType: 'profile',
          targetId: patient.id,
          details: { session: s.id, reason },
          ip,
        });
        return s;
      });
      return present(session, patient);
    },

    async current(adminUserId: number, now = Date.now()): Promise<ImpersonationSession | null> {
      const [session] = await openSessions(db, adminUserId, now);
      if (!session) return null;
      const patient = await patientNow(db, { profileId: session.profile_id });
      return patient ? present(session, patient) : null;
    },

    async stop(adminUserId: number, id: number, ip: string, now = Date.now()): Promise<void> {
      const [session] = (await openSessions(db, adminUserId, now)).filter((s) => s.id === id);
      if (!session) throw notFound('No open impersonation session with this id');
      await inTransaction(db, async (trx) => {
        await endSessions(trx, adminUserId, now, id);
        await audit(trx, {
          actorUserId: adminUserId,
          action: 'impersonation.stop',
          targetType: 'profile',
          targetId: session.profile_id,
          details: { session: id, reason: session.reason },
          ip,
        });
      });
    },
  };
}
