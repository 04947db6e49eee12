import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS, loadConfig } from '../src/config';
import type { Db } from '../src/db';
import { open } from '../src/lib/encryption';
import { authenticatorCode, enrolTwoFactor } from './authenticator';
import {
  count,
  createTestApp,
  ENGINES,
  makeAdmin,
  PASSWORD,
  registerUser,
  runElsewhere,
  type TestApp,
  uniqueEmail,
} from './context';

/** A well-formed code that is not the current one. */
const wrongCode = (secret: string) => (authenticatorCode(secret) === '000000' ? '111111' : '000000');

/** The clock stands still in these tests (only Date is faked); a new code needs the next step. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

const fields = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );

async function auditActions(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action'])
    .where('target_type', '=', 'user')
    .where('target_id', '=', String(userId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

async function lastAudit(db: Db, userId: number, action: string) {
  const row = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', String(userId))
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, details: row.details ? JSON.parse(row.details) : null } : undefined;
}

/** A registered user with two-factor sign-in on: their secret, recovery codes and token. */
async function enrolledUser(app: FastifyInstance, overrides: { email?: string } = {}) {
  const reg = await registerUser(app, overrides);
  const enrolled = await enrolTwoFactor(app, reg);
  nextStep();
  return { ...reg, ...enrolled };
}

const login = (app: FastifyInstance, email: string, password = PASSWORD, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/local',
    remoteAddress: ip,
    payload: { identifier: email, password },
  });

const secondStep = (app: FastifyInstance, payload: Record<string, unknown>, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/2fa', remoteAddress: ip, payload });

const LIMITS = { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 };

describe.each(ENGINES)('two-factor sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: LIMITS } });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Start a few seconds into a step, as a person would.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
  });
  afterEach(() => vi.useRealTimers());

  it('answers 401 to every enrolment call without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/two-factor'],
      ['POST', '/api/two-factor/setup'],
      ['POST', '/api/two-factor/confirm'],
      ['POST', '/api/two-factor/disable'],
      ['POST', '/api/two-factor/recovery-codes'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers 400 naming the field for a malformed code, and changes nothing', async () => {
    const { auth, user } = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: auth,
      payload: { password: PASSWORD },
    });
    for (const payload of [
      {},
      { code: '12345' },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '123456', x: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/two-factor/confirm',
        headers: auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fields(res).length).toBeGreaterThan(0);
    }
    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      headers: auth,
      payload: {},
    });
    expect(disable.statusCode).toBe(400);
    expect(fields(disable)).toEqual(['code']);
    const both = await secondStep(t.app, { mfaToken: 'x', code: '123456', recoveryCode: 'abcde-fghij' });
    expect(both.statusCode).toBe(400);
    expect(fields(both)).toEqual(['code']);
    const status = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(status.json().data).toEqual({
      enabled: false,
      pending: true,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect(await auditActions(t.db, user.id)).not.toContain('two_factor.enabled');
  });

  it('enrols: a secret as an otpauth URI, stored encrypted, active only after the first valid code', async () => {
    const { auth, user } = await registerUser(t.app);
    const before = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(before.json().data).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/DoseDot:${user.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('DoseDot');

    // At rest: AES-256-GCM with the health-data key, bound to the user; never the plain secret.
    const row = await t.db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(open(row, t.config.healthDataKey, `two_factor_secrets:${user.id}`)).toBe(secret);
    expect(() => open(row, t.config.healthDataKey, `two_factor_secrets:${user.id + 1}`)).toThrow();

    // Not active yet: the password alone still signs in.
    const early = await login(t.app, user.email);
    expect(early.json()).toHaveProperty('jwt');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: auth,
      payload: { code: authenticatorCode(secret, Date.now() - 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual(['code']);

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: auth,
      payload: { code: authenticatorCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored hashed only.
    const stored = await t.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    const after = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(after.json().data).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      required: false,
    });
    const me = await t.app.inject({ url: '/api/users/me', headers: auth });
    expect(me.json().meta).toMatchObject({ twoFactor: true, twoFactorSetupRequired: false });
    expect(await auditActions(t.db, user.id)).toContain('two_factor.enabled');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
  });

  it('signs in with the password, then a code: no token before the second step', async () => {
    const { user, secret } = await enrolledUser(t.app);
    const first = await login(t.app, user.email, PASSWORD, '10.1.0.1');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(body).not.toHaveProperty('jwt');
    // The challenge is no bearer token.
    const asBearer = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.mfaToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect(await lastAudit(t.db, user.id, 'auth.login_challenge')).toMatchObject({
      ip: '10.1.0.1',
      details: { method: 'password', email: user.email },
    });

    const wrong = await secondStep(t.app, { mfaToken: body.mfaToken, code: wrongCode(secret) }, '10.1.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual(['code']);
    expect(await lastAudit(t.db, user.id, 'auth.2fa_failed')).toMatchObject({
      ip: '10.1.0.1',
      details: { reason: 'code', method: 'password' },
    });

    const ok = await secondStep(
      t.app,
      { mfaToken: body.mfaToken, code: authenticatorCode(secret) },
      '10.1.0.1',
    );
    expect(ok.statusCode).toBe(200);
    const signedIn = ok.json();
    expect(signedIn.user).toMatchObject({ id: user.id, email: user.email, meta: { twoFactor: true } });
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${signedIn.jwt}` },
    });
    expect(me.statusCode).toBe(200);
    expect(await lastAudit(t.db, user.id, 'auth.login')).toMatchObject({
      actor_user_id: user.id,
      ip: '10.1.0.1',
      details: { method: 'password+totp' },
    });

    // The challenge is single-use.
    nextStep();
    const reused = await secondStep(t.app, { mfaToken: body.mfaToken, code: authenticatorCode(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('refuses a code whose time step was used already, also across two sign-ins', async () => {
    const { user, secret } = await enrolledUser(t.app);
    const code = authenticatorCode(secret);
    const a = (await login(t.app, user.email)).json().mfaToken;
    expect((await secondStep(t.app, { mfaToken: a, code })).statusCode).toBe(200);
    const b = (await login(t.app, user.email)).json().mfaToken;
    const replay = await secondStep(t.app, { mfaToken: b, code });
    expect(replay.statusCode).toBe(400);
    expect(fields(replay)).toEqual(['code']);
    // The code of the step before the used one is refused too (steps only move forward).
    const older = await secondStep(t.app, {
      mfaToken: b,
      code: authenticatorCode(secret, Date.now() - 30_000),
    });
    expect(older.statusCode).toBe(400);
    nextStep();
    expect((await secondStep(t.app, { mfaToken: b, code: authenticatorCode(secret) })).statusCode).toBe(200);
  });

  it('takes the code of the step before and after now (a phone clock 30 s off)', async () => {
    const { user, secret } = await enrolledUser(t.app);
    nextStep();
    nextStep();
    const a = (await login(t.app, user.email)).json().mfaToken;
    const behind = authenticatorCode(secret, Date.now() - 30_000);
    expect((await secondStep(t.app, { mfaToken: a, code: behind })).statusCode).toBe(200);
    const b = (await login(t.app, user.email)).json().mfaToken;
    const ahead = authenticatorCode(secret, Date.now() + 30_000);
    expect((await secondStep(t.app, { mfaToken: b, code: ahead })).statusCode).toBe(200);
    const c = (await login(t.app, user.email)).json().mfaToken;
    const farAhead = authenticatorCode(secret, Date.now() + 90_000);
    expect((await secondStep(t.app, { mfaToken: c, code: farAhead })).statusCode).toBe(400);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { user, recoveryCodes, auth } = await enrolledUser(t.app);
    const [first, second] = recoveryCodes as [string, string];
    const a = (await login(t.app, user.email)).json().mfaToken;
    const ok = await secondStep(t.app, { mfaToken: a, recoveryCode: first });
    expect(ok.statusCode).toBe(200);
    expect(await lastAudit(t.db, user.id, 'auth.login')).toMatchObject({
      details: { method: 'password+recovery_code' },
    });
    expect(await lastAudit(t.db, user.id, 'two_factor.recovery_used')).toMatchObject({
      details: { left: 9 },
    });

    const b = (await login(t.app, user.email)).json().mfaToken;
    const reused = await secondStep(t.app, { mfaToken: b, recoveryCode: first });
    expect(reused.statusCode).toBe(400);
    expect(fields(reused)).toEqual(['recoveryCode']);
    expect(await lastAudit(t.db, user.id, 'auth.2fa_failed')).toMatchObject({
      details: { reason: 'recovery_code' },
    });
    const typed = ` ${second.replace('-', '').toUpperCase()} `;
    expect((await secondStep(t.app, { mfaToken: b, recoveryCode: typed })).statusCode).toBe(200);

    const status = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(status.json().data.recoveryCodesLeft).toBe(8);
  });

  /*
   * The status is read from the read cache (decision 0004) while neither the secret nor the codes
   * were written; another server copy's write reaches it (PostgreSQL's change notification, SQLite's
   * check of the file's data version).
   */
  it('shows a recovery code used and two-factor turned off by another server copy', async () => {
    const { user, auth } = await enrolledUser(t.app);
    const status = async () => (await t.app.inject({ url: '/api/two-factor', headers: auth })).json().data;
    /** The status once it is `expected`, asked again for up to 2 s. */
    const eventually = async (expected: object) => {
      for (let i = 0; i < 200; i++) {
        const now = await status();
        if (JSON.stringify(now) === JSON.stringify(expected)) return now;
        await new Promise((r) => setTimeout(r, 10));
        // SQLite's check of the file's data version runs on the (faked) clock.
        vi.setSystemTime(Date.now() + 50);
      }
      return status();
    };
    const on = { enabled: true, pending: false, recoveryCodesLeft: 10, required: false };
    expect(await status()).toEqual(on);
    expect(await status()).toEqual(on);
    await runElsewhere(
      t.config.database,
      `update recovery_codes set used_at = ${Date.now()} where id = (select min(id) from recovery_codes where user_id = ${user.id})`,
    );
    expect(await eventually({ ...on, recoveryCodesLeft: 9 })).toEqual({ ...on, recoveryCodesLeft: 9 });
    await runElsewhere(t.config.database, `delete from two_factor_secrets where user_id = ${user.id}`);
    const off = { enabled: false, pending: false, recoveryCodesLeft: 0, required: false };
    expect(await eventually(off)).toEqual(off);
  });

  it('lets a challenge expire after five minutes', async () => {
    const { user, secret } = await enrolledUser(t.app);
    const token = (await login(t.app, user.email)).json().mfaToken;
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const late = await secondStep(t.app, { mfaToken: token, code: authenticatorCode(secret) });
    expect(late.statusCode).toBe(401);
    const made = await secondStep(t.app, { mfaToken: 'not-a-challenge', code: authenticatorCode(secret) });
    expect(made.statusCode).toBe(401);
  });

  it('after 5 wrong codes answers 429, even to the right code, and writes why', async () => {
    const { user, secret } = await enrolledUser(t.app);
    const token = (await login(t.app, user.email)).json().mfaToken;
    const right = authenticatorCode(secret);
    const wrong = wrongCode(secret);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(t.app, { mfaToken: token, code: wrong })).statusCode).toBe(400);
    const locked = await secondStep(t.app, { mfaToken: token, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.name).toBe('RateLimitError');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await lastAudit(t.db, user.id, 'auth.2fa_failed')).toMatchObject({
      details: { reason: 'locked' },
    });
    // A new challenge does not start the count again.
    const again = (await login(t.app, user.email)).json().mfaToken;
    expect((await secondStep(t.app, { mfaToken: again, code: right })).statusCode).toBe(429);
    // After the window the owner gets in.
    vi.setSystemTime(Date.now() + LIMITS.windowMs + 1_000);
    const later = (await login(t.app, user.email)).json().mfaToken;
    expect((await secondStep(t.app, { mfaToken: later, code: authenticatorCode(secret) })).statusCode).toBe(
      200,
    );
  });

  it('regenerates the recovery codes with a current code or the password; the old ones stop working', async () => {
    const { user, auth, secret, recoveryCodes } = await enrolledUser(t.app);
    const badPassword = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/recovery-codes',
      headers: auth,
      payload: { password: 'not the password' },
    });
    expect(badPassword.statusCode).toBe(400);
    expect(fields(badPassword)).toEqual(['password']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/recovery-codes',
      headers: auth,
      payload: { code: authenticatorCode(secret) },
    });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect(await lastAudit(t.db, user.id, 'two_factor.recovery_regenerated')).toMatchObject({
      details: { by: 'code' },
    });

    const token = (await login(t.app, user.email)).json().mfaToken;
    expect((await secondStep(t.app, { mfaToken: token, recoveryCode: recoveryCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await secondStep(t.app, { mfaToken: token, recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it('disables with the password (a wrong code is refused), then the password alone signs in again', async () => {
    const { user, auth } = await enrolledUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      headers: auth,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual(['code']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { enabled: false } });
    expect(await lastAudit(t.db, user.id, 'two_factor.disabled')).toMatchObject({
      details: { by: 'password' },
    });
    const rows = await t.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    const signIn = await login(t.app, user.email);
    expect(signIn.json()).toHaveProperty('jwt');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/disable',
      headers: auth,
      payload: { password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code after a password reset too', async () => {
    const { user, secret } = await enrolledUser(t.app);
    const code = 'reset-code-for-two-factor-test-0123456789';
    const { createHash } = await import('node:crypto');
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        code,
        password: 'a new long secret phrase',
        passwordConfirmation: 'a new long secret phrase',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    const done = await secondStep(t.app, { mfaToken: res.json().mfaToken, code: authenticatorCode(secret) });
    expect(done.statusCode).toBe(200);
    expect(await lastAudit(t.db, user.id, 'auth.login')).toMatchObject({
      details: { method: 'password_reset+totp' },
    });
  });

  it('writes every password sign-in and failure with its address and method', async () => {
    const { user } = await registerUser(t.app);
    await login(t.app, user.email, 'wrong password', '10.2.0.1');
    await login(t.app, user.email, PASSWORD, '10.2.0.2');
    expect(await lastAudit(t.db, user.id, 'auth.login_failed')).toMatchObject({
      actor_user_id: null,
      ip: '10.2.0.1',
      details: { method: 'password', reason: 'password', email: user.email },
    });
    expect(await lastAudit(t.db, user.id, 'auth.login')).toMatchObject({
      actor_user_id: user.id,
      ip: '10.2.0.2',
      details: { method: 'password' },
    });
    const unknown = uniqueEmail('nobody');
    const before = await count(t.db, 'audit_log');
    await login(t.app, unknown, 'whatever password');
    expect(await count(t.db, 'audit_log')).toBe(before + 1);
  });
});

describe.each(ENGINES)('REQUIRE_ADMIN_2FA on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { REQUIRE_ADMIN_2FA: 'true' }, config: { limits: LIMITS } });
  });
  afterAll(async () => t?.close());

  it('reads the setting and refuses a bad value by name', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).requireAdmin2fa).toBe(false);
    expect(t.config.requireAdmin2fa).toBe(true);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, REQUIRE_ADMIN_2FA: 'maybe' })).toThrow(
      /REQUIRE_ADMIN_2FA/,
    );
  });

  it('lets an administrator without two-factor sign-in only set it up: every admin call answers 403 until then', async () => {
    const { user, auth } = await registerUser(t.app);
    await makeAdmin(t.db, user.id);
    const signIn = await login(t.app, user.email);
    expect(signIn.json().user.meta).toMatchObject({
      role: 'admin',
      twoFactor: false,
      twoFactorSetupRequired: true,
    });

    for (const url of ['/api/profiles', '/api/admin/sign-ins']) {
      const refused = await t.app.inject({ url, headers: auth });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        name: 'ForbiddenError',
        message: expect.stringMatching(/two-factor sign-in/),
        details: { reason: 'two_factor_required' },
      });
    }
    // Their own account and the enrolment work.
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(200);
    const status = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(status.json().data).toMatchObject({ enabled: false, required: true });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: auth,
      payload: { password: PASSWORD },
    });
    const { secret } = setup.json().data;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: auth,
      payload: { code: authenticatorCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    // The same token now reaches the admin calls.
    expect((await t.app.inject({ url: '/api/profiles', headers: auth })).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: auth });
    expect(me.json().meta).toMatchObject({ twoFactor: true, twoFactorSetupRequired: false });
  });

  it('leaves patients without two-factor sign-in alone', async () => {
    const { auth } = await registerUser(t.app);
    const me = await t.app.inject({ url: '/api/users/me', headers: auth });
    expect(me.json().meta).toMatchObject({ role: 'basic', twoFactorSetupRequired: false });
    const status = await t.app.inject({ url: '/api/two-factor', headers: auth });
    expect(status.json().data.required).toBe(false);
    expect((await t.app.inject({ url: '/api/profiles', headers: auth })).statusCode).toBe(403);
  });
});
