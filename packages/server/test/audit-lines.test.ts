import { describe, expect, it } from 'vitest';
import { auditCommitsOf } from '../src/features/audit';
import { ENGINES, registerUser, uniqueEmail, useTestApp } from './context';

/*
 * A read of My Health Data is logged before it is answered (features/audit: the lines written
 * outside a transaction share a group commit). Reads that arrive together share one statement, and
 * each is answered only once its own line is in the log.
 */

const READS = 20;

describe.each(ENGINES)('audit lines of reads that arrive together on %s', (engine) => {
  const email = uniqueEmail('audited');
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: email } });

  it(`writes one line for each of ${READS} reads, in fewer commits, each before its answer`, async () => {
    const { auth, user } = await registerUser(t.app, { email });
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const lines = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'health_data.read')
          .where('target_id', '=', String(profile.id))
          .execute()
      ).length;
    const before = auditCommitsOf(t.db);

    // Each read, as it is answered, finds its line (and those of the reads before it) in the log.
    const seen = await Promise.all(
      Array.from({ length: READS }, async () => {
        const res = await t.app.inject({ url: '/api/health-data', headers: auth });
        expect(res.statusCode, res.body).toBe(200);
        return lines();
      }),
    );
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
    expect(await lines()).toBe(READS);

    const after = auditCommitsOf(t.db);
    expect(after.items - before.items).toBe(READS);
    expect(after.commits - before.commits).toBeLessThan(READS);
  });
});
