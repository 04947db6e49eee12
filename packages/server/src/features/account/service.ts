import { ACCOUNT_EXPORT_FORMAT, type DeleteAccountRequest } from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { countAttempt } from '../../lib/attempt-limiter';
import type { CounterStore } from '../../lib/counters';
import { fieldError, HttpError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { verifyPassword } from '../../lib/passwords';
import { audit } from '../audit';
import { findUserById, lockAdminGrant } from '../auth';
import { createHealthDataService, presentHealthData } from '../health-data';
import { manualIntakesOfProfile, presentManualIntake } from '../medicines';
import { createProfileService, findPatient, profileLanguage } from '../profiles';
import { remindersOfProfile } from '../reminders';
import { climateOfProfile, pressesOfProfile } from '../sensors';
import { createTwoFactorService } from '../two-factor';
import { accountDeletedEmail } from './emails';
import {
  auditDetailsAbout,
  auditLinesAbout,
  deleteUser,
  otherActiveAdmins,
  type Person,
  setAuditDetails,
} from './queries';

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct';
export const LAST_ADMIN_MESSAGE =
  'You are the last administrator: make another account an administrator before you delete yours';

export interface AccountServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'healthDataKey' | 'limits' | 'requireAdmin2fa' | 'appUrl'>;
  counters: CounterStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** What others did with the patient's data: an administrator's session, a caregiver's read. */
const BY_OTHERS = /^(impersonation|caregiver)\./;
/** What stands in for a deleted person's name or address in the audit lines that stay. */
const REMOVED = '[deleted]';

/**
 * An audit line's details without the person: any text naming their address or name is replaced,
 * so the security record keeps what happened and when, not who it was.
 */
export function withoutPerson(details: string, names: string[]): string {
  const words = names.filter((n) => n.trim().length >= 2).map((n) => n.trim().toLowerCase());
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') {
      let text = value;
      for (const word of words) {
        let at = text.toLowerCase().indexOf(word);
        while (at >= 0) {
          text = `${text.slice(0, at)}${REMOVED}${text.slice(at + word.length)}`;
          at = text.toLowerCase().indexOf(word, at + REMOVED.length);
        }
      }
      return text;
    }
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
    return value;
  };
  try {
    return JSON.stringify(scrub(JSON.parse(details)));
  } catch {
    return JSON.stringify(scrub(details));
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const parsed = (details: string | null): unknown => {
  if (details === null) return null;
  try {
    return JSON.parse(details);
  } catch {
    return details;
  }
};

/**
 * The patient's own data (issue 23 item 13): everything DoseDot holds about them as one file, and
 * the deletion of their account by themselves.
 */
export function createAccountService({ db, config, counters, mailer, log }: AccountServiceDeps) {
  const profiles = createProfileService(db);
  const health = createHealthDataService(db, config.healthDataKey);
  const twoFactor = createTwoFactorService({ db, config, counters, mailer, log });
  const counterKey = (userId: number) => `delete-account:${userId}`;

  /**
   * The sections of the file; each reads one kind of data of the person. A new kind of data of a
   * patient adds its section here (and its table's rows go with the account by its foreign key).
   */
  const sections = {
    profile: async (p: Person) => profiles.load(p.userId),
    boxPresses: async (p: Person) =>
      (await pressesOfProfile(db, p.profileId, 0, Date.now() + 86_400_000)).map((r) => ({
        at: iso(r.pressed_at),
        box: r.deveui,
      })),
    /** Intakes entered by hand: 'I took one' of an as-needed medicine, a dose confirmed without a press. */
    manualIntakes: async (p: Person) =>
      (await manualIntakesOfProfile(db, p.profileId, 0, Number.MAX_SAFE_INTEGER)).map((row) =>
        presentManualIntake(row, p.userId),
      ),
    boxReadings: async (p: Person) =>
      (await climateOfProfile(db, p.profileId, 0, Date.now() + 86_400_000)).map((r) => ({
        at: iso(r.measured_at),
        box: r.deveui,
        temperature: r.temperature,
        humidity: r.humidity,
      })),
    auditLog: async (p: Person) =>
      (await auditLinesAbout(db, p)).map((line) => ({
        at: iso(line.at),
        action: line.action,
        by: line.actor_user_id === p.userId ? 'you' : (line.actor_email ?? null),
        details: parsed(line.details),
        ip: line.ip,
      })),
  };

  return {
    /**
     * Everything about the subject: account, profile with medicines and dosage times, box presses
     * and readings from while the box was theirs, My Health Data (decrypted) and the audit lines
     * about them, the access log of administrators' sessions among them.
     */
    async exportOf(user: User, profileId: number, by: { actorUserId: number; ip: string; today: string }) {
      const { actorUserId, ip, today } = by;
      const person: Person = { userId: user.id, profileId, email: user.email };
      const [profile, boxPresses, manualIntakes, boxReadings] = await Promise.all([
        sections.profile(person),
        sections.boxPresses(person),
        sections.manualIntakes(person),
        sections.boxReadings(person),
      ]);
      const { medicines, ...profileOnly } = profile;
      // My Health Data when there is a record, its reading written to the audit log like any other.
      const record = await health.load(profileId);
      const healthData =
        record.updatedAt === null ? null : presentHealthData(record.record, record.updatedAt, today);
      if (healthData)
        await audit(db, {
          actorUserId,
          action: 'health_data.export',
          targetType: 'profile',
          targetId: profileId,
          details: { with: 'account' },
          ip,
        });
      const auditLog = await sections.auditLog(person);
      const reminders = await remindersOfProfile(db, profileId);
      return {
        format: ACCOUNT_EXPORT_FORMAT,
        exportedAt: new Date().toISOString(),
        about:
          'Everything DoseDot holds about you: your account, profile, medicines with their dosage times, ' +
          'intakes (box presses, and those entered by hand), the readings of your box from ' +
          'while it was yours, My Health Data, your reminder settings and the reminders and alerts sent ' +
          'to you, and the audit lines about you (accesses by administrators included). Times are UTC ' +
          '(ISO 8601).',
        account: {
          username: user.username,
          email: user.email,
          role: user.role,
          emailConfirmed: user.confirmed === 1,
          twoFactor: user.two_factor === 1,
          profileImage: user.profile_img,
          createdAt: iso(user.created_at),
          updatedAt: iso(user.updated_at),
        },
        profile: profileOnly,
        medicines,
        intakes: { boxPresses, byHand: manualIntakes },
        boxReadings,
        healthData,
        reminders,
        accessLog: auditLog.filter((line) => BY_OTHERS.test(line.action)),
        auditLog: auditLog.filter((line) => !BY_OTHERS.test(line.action)),
      };
    },

    /**
     * Deletes the signed-in user's own account after the password (and a current code when two-factor
     * sign-in is on): everything of theirs in one transaction (queries.ts deleteUser), every token
     * ends with the user row, the box is free, and the audit lines stay without their name and
     * address. The last administrator cannot go (409). Mails a confirmation once committed.
     */
    async deleteAccount(user: User, body: DeleteAccountRequest, ip: string, now = Date.now()): Promise<void> {
      // Counted before the password is checked: wrong ones sent all at once are checked no more
      // than the limit allows (lib/attempt-limiter.ts); a right one is taken back.
      await countAttempt(counters, config.limits, counterKey(user.id), now);
      if (!(await verifyPassword(body.password, user.password_hash)))
        throw fieldError('password', WRONG_PASSWORD_MESSAGE);
      await counters.undo(counterKey(user.id), now);
      await twoFactor.requireCode(user, body.code, now);
      const patient = await findPatient(db, { userId: user.id });
      if (!patient) throw notFound('Profile not found');
      const language = await profileLanguage(db, user.id);
      const person: Person = { userId: user.id, profileId: patient.id, email: user.email };
      const names = [user.email, user.username, patient.givenname, patient.familyname];
      await inTransaction(db, async (trx) => {
        // The same lock as role changes, blocks and the first administrator's grant, and the role read
        // again under it: an administrator deleting themselves while the other is demoted or blocked
        // at the same moment cannot leave no administrator who can sign in.
        await lockAdminGrant(trx);
        const current = await findUserById(trx, user.id);
        if (!current) throw notFound('Account not found');
        if (current.role === 'admin' && (await otherActiveAdmins(trx, user.id)) === 0)
          throw new HttpError(409, 'ConflictError', LAST_ADMIN_MESSAGE, { reason: 'last_admin' });
        for (const line of await auditDetailsAbout(trx, person)) {
          if (line.details === null) continue;
          const scrubbed = withoutPerson(line.details, names);
          if (scrubbed !== line.details) await setAuditDetails(trx, line.id, scrubbed);
        }
        if (!(await deleteUser(trx, user.id))) throw notFound('Account not found');
        await audit(trx, {
          actorUserId: null,
          action: 'account.deleted',
          targetType: 'user',
          targetId: user.id,
          details: { by: 'owner', role: current.role },
          ip,
        });
      });
      await counters.reset(counterKey(user.id));
      mailer
        .send({ to: user.email, ...accountDeletedEmail(language) })
        .catch((err: unknown) => log.error({ err }, 'account deletion confirmation could not be sent'));
    },
  };
}
