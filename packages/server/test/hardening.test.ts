import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIMITS, loadConfig } from '../src/config';
import { count, ENGINES, PASSWORD, registerUser, uniqueEmail, useTestApp } from './context';

/** Sends raw bytes to a listening app and reads until the server closes the connection. */
function raw(port: number, chunks: string[], pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c) => {
      answer += c.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    void (async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    })();
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe.each(ENGINES)('a registration race on %s', (engine) => {
  const t = useTestApp(engine);
  // Twenty password hashes, one at a time by design: slow on a busy machine.
  it('answers every registration alike, never 500, and keeps one account', {
    timeout: 90_000,
  }, async () => {
    const email = uniqueEmail('race');
    const before = await count(t.db, 'users');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/local/register',
          payload: { username: 'Race Runner', email, password: PASSWORD },
        }),
      ),
    );
    // The winner and the losers get the same answer: a registration never tells the address is taken.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.json()).toEqual({ email, sent: true });
    expect(await count(t.db, 'users')).toBe(before + 1);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true at start with a one-line explanation', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', DATA_DIR: '/tmp/dosedot-x' })).toThrow(ConfigError);
    try {
      loadConfig({ TRUST_PROXY: 'true', DATA_DIR: '/tmp/dosedot-x' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'TRUST_PROXY: TRUST_PROXY=true would believe any X-Forwarded-For; give the number of proxies in front (for example 1) or their addresses (10.0.0.1,10.0.0.0/8)',
      ]);
    }
  });

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1', DATA_DIR: '/tmp/dosedot-x' }).trustProxy).toBe(1);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8', DATA_DIR: '/tmp/dosedot-x' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', DATA_DIR: '/tmp/dosedot-x' })).toThrow(
      /TRUST_PROXY must be/,
    );
  });

  describe('behind a known proxy', () => {
    const t = useTestApp('sqlite', {
      env: { TRUST_PROXY: '10.0.0.1' },
      config: { limits: { ...DEFAULT_LIMITS, authPerIpPerMinute: 3 } },
    });
    const login = (remoteAddress: string, forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
        payload: { identifier: 'nobody@example.test', password: 'wrong password' },
      });

    it('ignores X-Forwarded-For from anyone else, so the per-address limit still counts them', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login('192.0.2.50', `198.51.100.${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    });

    it('believes the proxy it was told about', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login('10.0.0.1', `203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400]);
    });
  });
});

describe('answers before any route', () => {
  const t = useTestApp('sqlite', {
    config: { timeouts: { requestMs: 1000, headersMs: 1000, checkEveryMs: 100 } },
  });
  const listen = async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  it('answers a malformed URL in the API error shape with the security headers', async () => {
    const res = await t.app.inject({ url: '/api/health%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Malformed URL', details: {} },
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an HTTP parse error in the same shape, with the headers, and closes', async () => {
    const port = await listen();
    const answer = await raw(port, ['THIS IS NOT HTTP\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(answer.toLowerCase()).toContain('content-security-policy:');
    expect(bodyOf(answer)).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Malformed request', details: {} },
    });
  });

  it('ends a body that arrives too slowly with 408 in the API shape', async () => {
    const port = await listen().catch(() => (t.app.server.address() as net.AddressInfo).port);
    const started = Date.now();
    const head =
      'POST /api/auth/local HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const answer = await raw(port, [head, '{"identifier":', '"a@b.c"'], 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(bodyOf(answer).error).toMatchObject({ status: 408, name: 'RequestTimeoutError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('in production', () => {
  const web = mkdtempSync(path.join(tmpdir(), 'dosedot-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(web, 'assets', 'index-abc.js'),
    'console.log(1)\n//# sourceMappingURL=index-abc.js.map',
  );
  writeFileSync(path.join(web, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
  const t = useTestApp('sqlite', { env: { NODE_ENV: 'production' }, config: { webDist: web } });

  it('shows the version only to an administrator', async () => {
    const anonymous = (await t.app.inject({ url: '/api/health' })).json();
    expect(anonymous).toEqual({ status: 'ok', database: 'ok' });
    // In production the first user is the administrator.
    const admin = await registerUser(t.app);
    const patient = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/health', headers: patient.auth })).json().version,
    ).toBeUndefined();
    expect((await t.app.inject({ url: '/api/health', headers: admin.auth })).json().version).toBe(
      t.config.version,
    );
    expect(
      (await t.app.inject({ url: '/api/health', headers: { authorization: 'Bearer junk' } })).statusCode,
    ).toBe(200);
  });

  it('opens /api/docs to administrators only', async () => {
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(401);
    const patient = await registerUser(t.app);
    expect((await t.app.inject({ url: '/api/docs', headers: patient.auth })).statusCode).toBe(403);
    const admin = (
      await t.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const token = t.app.signToken({ id: admin, token_version: 0 });
    const docs = () => t.app.inject({ url: '/api/docs', headers: { authorization: `Bearer ${token}` } });
    // In production an administrator needs two-step sign-in first (REQUIRE_ADMIN_2FA's default there).
    expect((await docs()).json().error.details.reason).toBe('two_factor_required');
    await t.db.updateTable('users').set({ two_factor: 1 }).where('id', '=', admin).execute();
    expect((await docs()).statusCode).toBe(200);
  });

  it('serves the scripts but never their source maps', async () => {
    expect((await t.app.inject({ url: '/assets/index-abc.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });
});

describe.each(ENGINES)('new passwords on %s', (engine) => {
  const t = useTestApp(engine);
  const register = (password: string, email = uniqueEmail('pw'), username = 'Paula Passwort') =>
    t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload: { username, email, password } });
  const fieldOf = (res: {
    json: () => { error: { details: { errors: { path: string[]; message: string }[] } } };
  }) => res.json().error.details.errors[0];

  it.each([
    ['short pw', 'Password must have at least 10 characters'],
    ['qwertyuiop', 'This password is too common; choose a longer or less usual one'],
    ['1234567890', 'This password is too common; choose a longer or less usual one'],
    ['PassWord123', 'This password is too common; choose a longer or less usual one'],
  ])('refuses %s with a clear message on the password field', async (password, message) => {
    const before = await count(t.db, 'users');
    const res = await register(password);
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({ path: ['password'], message });
    expect(await count(t.db, 'users')).toBe(before);
  });

  it('refuses the e-mail address or the name inside the password', async () => {
    const email = uniqueEmail('margrit');
    for (const password of [`${email}!`, `${email.split('@')[0]}2026`, 'Sonnenberg-2026-x']) {
      const res = await register(password, email, 'Margrit Sonnenberg');
      expect(res.statusCode).toBe(400);
      expect(fieldOf(res)).toMatchObject({
        path: ['password'],
        message: 'The password must not contain your e-mail address or name',
      });
    }
    expect((await register('Herbst im Tessin 7', email, 'Margrit Sonnenberg')).statusCode).toBe(200);
  });

  it('applies the same rules to a reset, and a refused reset keeps the code usable', async () => {
    const { user } = await registerUser(t.app, { username: 'Rita Reset' });
    const code = 'a-known-reset-code-for-this-test';
    await t.db
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        code_hash: createHash('sha256').update(code).digest('hex'),
        expires_at: Date.now() + 60_000,
        used_at: null,
        created_at: Date.now(),
      })
      .execute();
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { code, password, passwordConfirmation: password },
      });
    expect(fieldOf(await reset('qwertyuiop'))?.message).toBe(
      'This password is too common; choose a longer or less usual one',
    );
    expect(fieldOf(await reset('rita-reset-2026'))?.message).toBe(
      'The password must not contain your e-mail address or name',
    );
    expect((await reset('Herbst im Tessin 7')).statusCode).toBe(200);
  });
});
