import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, PASSWORD, registerUser, type TestApp, uniqueEmail } from './context';

describe.each(ENGINES)('rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      config: {
        limits: {
          loginFailuresPerAccount: 3,
          resetMailsPerAccount: 2,
          windowMs: 60_000,
          authPerIpPerMinute: 12,
        },
      },
    });
  });
  afterAll(async () => t?.close());

  it('locks an account after repeated failed logins, even for the right password, with a clear 429', async () => {
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

  it('limits reset e-mails per address', async () => {
    const email = uniqueEmail('reset');
    const ask = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email },
      });
    expect((await ask('10.1.0.1')).statusCode).toBe(200);
    expect((await ask('10.1.0.2')).statusCode).toBe(200);
    expect((await ask('10.1.0.3')).statusCode).toBe(429);
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
});
