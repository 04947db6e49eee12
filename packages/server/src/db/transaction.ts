import type { Db } from './index';

/**
 * Runs the work in one transaction: every query function takes a `Db`, and a transaction is one,
 * so services combine queries of several features and they commit or roll back together.
 * Nested calls join the outer transaction.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
