import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './index';

/** The tables whose rows stand for what a transaction holds: a patient's data, a medicine, a user's sessions. */
type HeldTable = 'profiles' | 'medicines' | 'users';

/**
 * Holds a row for the rest of the transaction, so that a check and the write it allows (a health
 * record's section merged into it, a dose's confirmation, a caregiver invitation under the limit)
 * run one request at a time. On PostgreSQL the row is locked (FOR NO KEY UPDATE: rows that refer
 * to it can still be written); on SQLite the transaction holds the database's write lock from its
 * start (BEGIN IMMEDIATE, db/index.ts), so nothing more is needed.
 */
export async function holdRow(db: Db, table: HeldTable, id: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(db);
}
