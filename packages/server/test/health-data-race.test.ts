import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_LIMITS } from '../src/config';
import { confirmationLink, ENGINES, registerUser, uniqueEmail, useTestApp } from './context';

/*
 * Issue 21, item 6: a user on the health-data list who has just confirmed the address must get My
 * Health Data from /api/health-data whenever /api/users/me says healthData: true, on every server
 * copy, from the moment the confirmation has answered. Confirming is the one write that grants it;
 * the user row behind every token is read from memory (db/read-cache.ts), so each test here puts
 * the unconfirmed row into memory first and then confirms while reading.
 */

const ROUNDS = 50;
const READS = 8;
const LISTED = [uniqueEmail('listed'), uniqueEmail('listed')] as const;

type Auth = Record<string, string>;

/** /api/health-data's status and /api/users/me's healthData, asked at once. */
async function readBoth(app: FastifyInstance, auth: Auth) {
  const [data, me] = await Promise.all([
    app.inject({ url: '/api/health-data', headers: auth }),
    app.inject({ url: '/api/users/me', headers: auth }),
  ]);
  expect(me.statusCode, me.body).toBe(200);
  return { data: data.statusCode, me: (me.json() as { meta: { healthData: boolean } }).meta.healthData };
}

const GRANTED = { data: 200, me: true };
const REFUSED = { data: 403, me: false };

describe.each(ENGINES)('the health-data grant right after confirming on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { HEALTH_DATA_EMAILS: LISTED.join(',') },
    config: { limits: { ...DEFAULT_LIMITS, authPerIpPerMinute: 100_000 } },
  });

  /** The user unconfirmed again (a write through the app), with a fresh link, and that row in memory. */
  async function unconfirm(app: FastifyInstance, userId: number, auth: Auth): Promise<string> {
    await t.db.updateTable('users').set({ confirmed: 0 }).where('id', '=', userId).execute();
    const token = await confirmationLink(t.db, userId);
    expect(await readBoth(app, auth)).toEqual(REFUSED);
    return token;
  }

  it(`agrees while confirming, updating the profile and reading at once (${ROUNDS} rounds)`, async () => {
    const user = await registerUser(t.app, { email: LISTED[0] }, { confirm: false });
    for (let round = 0; round < ROUNDS; round++) {
      const token = await unconfirm(t.app, user.user.id, user.auth);
      let confirmed = false;
      let grantSeen = false;
      const read = async () => {
        const after = confirmed;
        const afterGrant = grantSeen;
        const answer = await readBoth(t.app, user.auth);
        if (answer.data === 200 || answer.me) grantSeen = true;
        return { after, afterGrant, ...answer };
      };
      const confirm = t.app
        .inject({ url: `/api/auth/email-confirmation?confirmation=${token}` })
        .then((res) => {
          expect(res.statusCode, res.body).toBe(200);
          confirmed = true;
        });
      const update = t.app.inject({
        method: 'PUT',
        url: '/api/profile/userdata',
        headers: user.auth,
        payload: { givenname: `Round ${round}` },
      });
      const reads = await Promise.all([
        ...Array.from({ length: READS }, read),
        confirm.then(() => Promise.all(Array.from({ length: READS }, read))),
        update.then(() => Promise.all(Array.from({ length: READS }, read))),
      ]);
      expect((await update).statusCode).toBe(200);
      for (const { after, afterGrant, ...answer } of reads.flat()) {
        // Once the confirmation has answered, or any call has shown the grant, every call started
        // afterwards has it: no call falls back to the row as it was. (Two calls started together
        // while the confirmation commits may each see one side of the commit.)
        if (after || afterGrant)
          expect({ round, after, afterGrant, ...answer }).toEqual({ round, after, afterGrant, ...GRANTED });
      }
      expect(await readBoth(t.app, user.auth)).toEqual(GRANTED);
    }
  }, 120_000);

  // The confirmation written by someone else than this server: on PostgreSQL another server copy
  // (the link opened through one copy behind the load balancer, the app's next calls answered by
  // another), on SQLite another process (an operator's sqlite3). This copy holds the unconfirmed
  // row in memory and may not have heard of the change yet: it must not answer from that row.
  it(`grants at once when another server copy or process confirms (${ROUNDS} rounds)`, async () => {
    const user = await registerUser(t.app, { email: LISTED[1] }, { confirm: false });
    const other = engine === 'postgres' ? await buildApp({ config: t.config, logger: false }) : undefined;
    await other?.ready();
    const sqlite =
      t.config.database.kind === 'sqlite' ? new SqliteDatabase(t.config.database.file) : undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const token = await unconfirm(t.app, user.user.id, user.auth);
        if (other) {
          // The other copy has seen the unconfirmed row too (its notification may take a moment).
          await expect.poll(() => readBoth(other, user.auth), { interval: 5 }).toEqual(REFUSED);
          const res = await other.inject({ url: `/api/auth/email-confirmation?confirmation=${token}` });
          expect(res.statusCode, res.body).toBe(200);
        } else {
          sqlite?.prepare('update users set confirmed = 1 where id = ?').run(user.user.id);
        }
        const [first, second] = await Promise.all([readBoth(t.app, user.auth), readBoth(t.app, user.auth)]);
        expect({ round, first, second }).toEqual({ round, first: GRANTED, second: GRANTED });
      }
    } finally {
      sqlite?.close();
      await other?.close();
    }
  }, 120_000);
});
