import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './context';
import { type ServerProcess, send, startServer } from './processes';

const post = (url: string, body: object) => send(url, 'POST', body);

describe.runIf(process.env.TEST_DATABASE_URL)('two server copies on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const copies: ServerProcess[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    const url = db.config.kind === 'postgres' ? db.config.url : '';
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HEALTH_DATA_KEY: randomBytes(32).toString('hex'),
    };
    copies.push(await startServer(env), await startServer(env));
  }, 120_000);
  afterAll(async () => {
    for (const c of copies) await c.remove();
    await db?.drop();
  });

  it('count failed logins once, whichever copy answers', async () => {
    const [a, b] = copies;
    if (!a || !b) throw new Error('copies did not start');
    const email = `shared.${Date.now()}@example.test`;
    expect(
      (
        await post(`${a.url}/api/auth/local/register`, {
          username: 'Shared Limit',
          email,
          password: 'a long password 2026',
        })
      ).status,
    ).toBe(200);
    const statuses = [];
    // Five wrong passwords from this address, alternating copies: the pair's limit is five in all.
    for (let i = 0; i < 5; i++) {
      const copy = i % 2 === 0 ? a : b;
      statuses.push(
        (await post(`${copy.url}/api/auth/local`, { identifier: email, password: `wrong ${i}` })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Each copy alone has seen only two or three: in memory neither would refuse yet.
    expect(
      (await post(`${a.url}/api/auth/local`, { identifier: email, password: 'a long password 2026' })).status,
    ).toBe(429);
    expect(
      (await post(`${b.url}/api/auth/local`, { identifier: email, password: 'a long password 2026' })).status,
    ).toBe(429);
  }, 60_000);

  it('18 wrong passwords sent at once across both copies: no more than the limit are checked', async () => {
    const [a, b] = copies;
    if (!a || !b) throw new Error('copies did not start');
    const email = `race.${Date.now()}@example.test`;
    const password = 'a long password 2026';
    expect(
      (await post(`${a.url}/api/auth/local/register`, { username: 'Race Limit', email, password })).status,
    ).toBe(200);
    const statuses = await Promise.all(
      Array.from(
        { length: 18 },
        async (_, i) =>
          (
            await post(`${(i % 2 === 0 ? a : b).url}/api/auth/local`, {
              identifier: email,
              password: `wrong ${i}`,
            })
          ).status,
      ),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(13);
    const checked = await db.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.login_failed')
      .where('details', 'like', '%"reason":"password"%')
      .where('details', 'like', `%${email}%`)
      .execute();
    expect(checked).toHaveLength(5);
  }, 60_000);
});
