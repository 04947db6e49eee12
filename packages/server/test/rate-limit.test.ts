import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ENGINES,
  memoryMailer,
  PASSWORD,
  registerUser,
  type TestApp,
  uniqueEmail,
} from './context';

const mailer = memoryMailer();

describe.each(ENGINES)('rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      mailer,
      config: {
        limits: {
          loginFailuresPerAddress: 2,
          loginFailuresPerAccount: 3,
          resetMailsPerAccount: 2,
          windowMs: 60_000,
          authPerIpPerMinute: 12,
        },
      },
    });
  });
  afterAll(async () => t?.close());

  it('after failures from anywhere, refuses unknown addresses even the right password, with a clear 429', async () => {
    const { user } = await registerUser(t.app);
    const attempt = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: ip,
        payload: { identifier: user.email, password },
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt('wrong password', `10.0.0.${i + 1}`)).statusCode).toBe(400);
    const locked = await attempt(PASSWORD, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(locked.json().error.message).toMatch(/^Too many attempts, please try again in \d+ minute\(s\)\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks one address after its failures, not the owner elsewhere', async () => {
    const { user } = await registerUser(t.app);
    const attempt = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: ip,
        payload: { identifier: user.email, password },
      });
    expect((await attempt('wrong password', '10.3.0.1')).statusCode).toBe(400);
    expect((await attempt('wrong password', '10.3.0.1')).statusCode).toBe(400);
    expect((await attempt(PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await attempt(PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('lets the owner in from their usual address while an attack from elsewhere runs, and mails them once', async () => {
    const { user } = await registerUser(t.app);
    const attempt = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: ip,
        payload: { identifier: user.email, password },
      });
    // The owner has signed in from home before.
    expect((await attempt(PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    const before = mailer.sent.length;
    // An attacker guesses from several addresses, past the account's limit.
    const attack = [];
    for (let i = 0; i < 6; i++) attack.push((await attempt(`guess ${i}`, `10.4.1.${i}`)).statusCode);
    expect(attack.slice(0, 3)).toEqual([400, 400, 400]);
    expect(attack.slice(3)).toEqual([429, 429, 429]);
    expect((await attempt(PASSWORD, '10.4.1.99')).statusCode).toBe(429);
    // The owner at home still gets in, and was told once, with a reset link.
    expect((await attempt(PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    const mails = mailer.sent.slice(before).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\/auth\/reset-password\?code=[\w-]{43}/);
  });

  it('limits reset e-mails per client address first: a stranger cannot use up those of the owner', async () => {
    const { user } = await registerUser(t.app);
    const ask = (ip: string, email = user.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email },
      });
    const sent = () => mailer.sent.filter((m) => m.to === user.email && /reset-password/.test(m.text)).length;
    const before = sent();
    // A stranger floods from one address: their share (2 here) goes out, then 429.
    const stranger = [];
    for (let i = 0; i < 6; i++) stranger.push((await ask('10.1.0.66')).statusCode);
    expect(stranger).toEqual([200, 200, 429, 429, 429, 429]);
    // The owner asks from another address and still gets a reset mail.
    expect((await ask('10.1.0.7')).statusCode).toBe(200);
    await expect.poll(sent).toBe(before + 3);
    // The same limits whether or not the address has an account (no enumeration).
    const nobody = uniqueEmail('nobody');
    expect([
      (await ask('10.1.0.67', nobody)).statusCode,
      (await ask('10.1.0.67', nobody)).statusCode,
      (await ask('10.1.0.67', nobody)).statusCode,
    ]).toEqual([200, 200, 429]);
  });

  it('limits confirmation e-mails per client address first: the owner from another address still gets one', async () => {
    const { user } = await registerUser(t.app, {}, { confirm: false });
    const ask = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-email-confirmation',
        remoteAddress: ip,
        payload: { email: user.email },
      });
    const sent = () =>
      mailer.sent.filter((m) => m.to === user.email && /email-confirmation\?confirmation=/.test(m.text))
        .length;
    const before = sent();
    const stranger = [];
    for (let i = 0; i < 5; i++) stranger.push((await ask('10.1.1.66')).statusCode);
    expect(stranger).toEqual([200, 200, 429, 429, 429]);
    expect((await ask('10.1.1.7')).statusCode).toBe(200);
    await expect.poll(sent).toBe(before + 3);
  });

  it('limits authentication calls per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: '10.2.0.1',
        payload: { identifier: uniqueEmail('ip'), password: 'whatever it is' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.name).toBe('RateLimitError');
    }
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses[12]).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '10.2.0.2',
      payload: { identifier: uniqueEmail('ip'), password: 'whatever it is' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('keeps every limit in one store, the rate_limits table, on both engines', async () => {
    const email = uniqueEmail('one-store');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '10.4.0.1',
      payload: { identifier: email, password: 'whatever it is' },
    });
    const keys = (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    // The route's per-address limit (@fastify/rate-limit) and the failed login's counters side by side.
    expect(keys).toContain('ip:POST /api/auth/local|10.4.0.1');
    expect(keys).toContain(`login:${email}|10.4.0.1`);
    // Each route counts on its own: the sign-up from the same address has its own key.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      remoteAddress: '10.4.0.1',
      payload: { username: 'x', email: 'not an address', password: 'x' },
    });
    const after = (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(after).toContain('ip:POST /api/auth/local/register|10.4.0.1');
  });
});
