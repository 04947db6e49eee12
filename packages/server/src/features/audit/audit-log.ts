import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db';
import { GroupCommit } from '../../lib/group-commit';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

type AuditRow = Insertable<Database['audit_log']>;

const rowOf = (entry: AuditEntry): AuditRow => ({
  at: Date.now(),
  actor_user_id: entry.actorUserId,
  action: entry.action,
  target_type: entry.targetType ?? null,
  target_id: entry.targetId === undefined ? null : String(entry.targetId),
  details: entry.details ? JSON.stringify(entry.details) : null,
  ip: entry.ip ?? null,
});

/**
 * The lines written outside a transaction (the reads that are logged before they are answered: My
 * Health Data, a patient's data read through an administrator's or a caregiver's session), a group
 * commit per database: the lines of the requests that arrive while one insert is under way go in the
 * next, as one statement. Each request still waits until its own line is committed, as with an
 * insert of its own (on PostgreSQL that was a round trip and a commit for every read).
 */
const linesOutsideTransactions = new WeakMap<Db, GroupCommit<AuditRow, void>>();

function groupOf(db: Db): GroupCommit<AuditRow, void> {
  let group = linesOutsideTransactions.get(db);
  if (!group) {
    group = new GroupCommit<AuditRow, void>(async (rows) => {
      await db.insertInto('audit_log').values(rows).execute();
      return rows.map(() => undefined);
    }, 500);
    linesOutsideTransactions.set(db, group);
  }
  return group;
}

/**
 * Writes one audit-log line (impersonation, sensor assignment, health data, password reset): inside
 * the caller's transaction when it gives one, else committed with the other lines of the moment.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const row = rowOf(entry);
  if (db.isTransaction) await db.insertInto('audit_log').values(row).execute();
  else await groupOf(db).submit(row);
}

/** The commits and lines of the group commit outside transactions so far (tests and benchmarks). */
export const auditCommitsOf = (db: Db) => ({ ...groupOf(db).stats });
