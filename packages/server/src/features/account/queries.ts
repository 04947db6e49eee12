import { sql } from 'kysely';
import type { Db } from '../../db';

/** Whose lines of the audit log are about a person: as the actor, the target, or named in the details. */
export interface Person {
  userId: number;
  profileId: number;
  email: string;
}

function linesAbout(db: Db, who: Person) {
  const mention = `%${who.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('audit_log')
    .where((eb) =>
      eb.or([
        eb('audit_log.actor_user_id', '=', who.userId),
        eb.and([
          eb('audit_log.target_type', '=', 'user'),
          eb('audit_log.target_id', '=', String(who.userId)),
        ]),
        eb.and([
          eb('audit_log.target_type', '=', 'profile'),
          eb('audit_log.target_id', '=', String(who.profileId)),
        ]),
        sql<boolean>`lower(audit_log.details) like ${mention} escape '\\'`,
      ]),
    );
}

/** Every audit line about the person, oldest first, with the e-mail address of whoever acted. */
export function auditLinesAbout(db: Db, who: Person) {
  return linesAbout(db, who)
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor_user_id',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.details',
      'audit_log.ip',
      'users.email as actor_email',
    ])
    .orderBy('audit_log.at')
    .orderBy('audit_log.id')
    .execute();
}

/** The details of the audit lines about the person, for removing their name and address. */
export function auditDetailsAbout(db: Db, who: Person) {
  return linesAbout(db, who).select(['audit_log.id', 'audit_log.details']).execute();
}

export async function setAuditDetails(db: Db, id: number, details: string | null): Promise<void> {
  await db.updateTable('audit_log').set({ details }).where('id', '=', id).execute();
}

/**
 * How many administrators besides this user can still sign in (not blocked): a blocked one cannot
 * take over, so the last one who can sign in stays (as a demotion or a block of them is refused,
 * users/service.ts).
 */
export async function otherActiveAdmins(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .where('blocked', '=', 0)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes the user: the foreign keys take everything of theirs with the row (profile, medicines
 * with their dosage times and intakes, health record, box holdings, tokens' sessions, second
 * factor, picture, sign-in links) and leave what is not theirs: the box and its readings, and the
 * audit lines, whose actor becomes null.
 */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
