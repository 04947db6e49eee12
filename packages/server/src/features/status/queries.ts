import { sql } from 'kysely';
import type { Db } from '../../db';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How long a database that answered counts as reachable without asking it again. */
export const PING_REUSE_MS = 1000;

/**
 * The database's answer for GET /api/health, asked at most once per PING_REUSE_MS: a probe or a
 * load balancer calling health many times a second shares one ping (and those arriving while it
 * runs wait for the same one) instead of each taking a database round trip. A failure is never
 * reused: the next call asks again, so a recovered database is seen at once.
 */
export function createPinger(ping: () => Promise<void>, { reuseMs = PING_REUSE_MS, now = Date.now } = {}) {
  let okAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;
  return (): Promise<void> | undefined => {
    if (now() - okAt < reuseMs) return undefined;
    inFlight ??= ping().then(
      () => {
        okAt = now();
        inFlight = undefined;
      },
      (err: unknown) => {
        inFlight = undefined;
        throw err;
      },
    );
    return inFlight;
  };
}
