import { OIDC_ERROR_CODES, SIGN_IN_FAILURE_REASONS } from '@dosedot/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config';
import { audit } from '../src/features/audit';
import {
  createTestApp,
  ENGINES,
  makeAdmin,
  PASSWORD,
  registerUser,
  type TestApp,
  uniqueEmail,
} from './context';

const fields = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );

describe.each(ENGINES)('GET /api/admin/sign-ins on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let patient: Awaited<ReturnType<typeof registerUser>>;
  const unknown = uniqueEmail('nobody');

  const login = (identifier: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: ip,
      payload: { identifier, password },
    });
  const list = (query = '', auth = admin.auth) =>
    t.app.inject({ url: `/api/admin/sign-ins${query}`, headers: auth });

  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: { ...DEFAULT_LIMITS, authPerIpPerMinute: 1000 } } });
    admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    patient = await registerUser(t.app);
    // In this order: a success, a wrong password, an unknown address, a blocked account.
    await login(patient.user.email, PASSWORD, '192.0.2.10');
    await login(patient.user.email, 'wrong password', '192.0.2.11');
    await login(unknown, 'some password here', '192.0.2.12');
    await t.db.updateTable('users').set({ blocked: 1 }).where('id', '=', patient.user.id).execute();
    await login(patient.user.email, PASSWORD, '192.0.2.13');
    await t.db.updateTable('users').set({ blocked: 0 }).where('id', '=', patient.user.id).execute();
  });
  afterAll(async () => t?.close());

  it('answers 401 without a token and 403 to a patient', async () => {
    expect((await t.app.inject({ url: '/api/admin/sign-ins' })).statusCode).toBe(401);
    const res = await list('', patient.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.name).toBe('ForbiddenError');
  });

  it.each([
    ['?filters[outcome][$eq]=maybe', 'filters[outcome][$eq]'],
    ['?filters[outcome][$containsi]=succ', 'filters[outcome][$containsi]'],
    ['?filters[ip][$eq]=1.2.3.4', 'filters[ip][$eq]'],
    ['?pagination[pageSize]=1000', 'pagination[pageSize]'],
    ['?pagination[page]=0', 'pagination[page]'],
    ['?sort=at', 'sort'],
    ['?filters[method][$eq]=sms', 'filters[method][$eq]'],
    ['?filters[method][$eq]=oidc:Not%20An%20Id', 'filters[method][$eq]'],
    ['?filters[method][$containsi]=pass', 'filters[method][$containsi]'],
    ['?filters[user][$eq]=anna', 'filters[user][$eq]'],
    [`?filters[user][$containsi]=${'x'.repeat(101)}`, 'filters[user][$containsi]'],
  ])('answers 400 naming the parameter for %s', async (query, key) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual([key]);
  });

  it('lists the sign-ins newest first: who, from where, how, and why a failure failed', async () => {
    const res = await list('?pagination[pageSize]=100');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    const ours = data.filter((e: { ip: string | null }) => e.ip?.startsWith('192.0.2.'));
    expect(ours.map((e: { ip: string }) => e.ip)).toEqual([
      '192.0.2.13',
      '192.0.2.12',
      '192.0.2.11',
      '192.0.2.10',
    ]);
    const [blocked, nobody, wrong, success] = ours;
    expect(success).toMatchObject({
      outcome: 'success',
      method: 'password',
      reason: null,
      email: patient.user.email,
      user: { id: patient.user.id, username: 'Test Person', role: 'basic', timezone: expect.any(String) },
    });
    expect(new Date(success.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(wrong).toMatchObject({ outcome: 'failure', reason: 'password', email: patient.user.email });
    // What was typed for no account is neither kept nor shown (see the test below).
    expect(nobody).toMatchObject({ outcome: 'failure', reason: 'password', email: null, user: null });
    expect(blocked).toMatchObject({ outcome: 'failure', reason: 'blocked', user: { id: patient.user.id } });
    expect(meta.pagination).toMatchObject({ page: 1, pageSize: 100, total: data.length, pageCount: 1 });
  });

  it('never stores or shows what was typed into the e-mail field when it is no account address', async () => {
    // A password typed into the e-mail field by mistake, then the same again once the pair is locked.
    const typed = 'my-secret-password-typed-here';
    for (let i = 0; i < DEFAULT_LIMITS.loginFailuresPerAddress + 1; i++)
      await login(typed, 'my-secret-password-typed-here', '192.0.2.77');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['details', 'target_id'])
      .where('action', '=', 'auth.login_failed')
      .where('ip', '=', '192.0.2.77')
      .execute();
    expect(rows.map((r) => JSON.parse(r.details ?? '{}').reason).sort()).toEqual([
      'locked',
      ...Array(DEFAULT_LIMITS.loginFailuresPerAddress).fill('password'),
    ]);
    for (const row of rows) {
      expect(row.target_id).toBeNull();
      expect(row.details ?? '').not.toContain(typed);
    }
    // A line written before this rule still holds it: the list does not show it.
    await audit(t.db, {
      actorUserId: null,
      action: 'auth.login_failed',
      targetType: 'user',
      details: { method: 'password', reason: 'password', email: typed },
      ip: '192.0.2.78',
    });
    const res = await list('?pagination[pageSize]=100');
    expect(res.body).not.toContain(typed);
    const entries = res
      .json()
      .data.filter((e: { ip: string }) => ['192.0.2.77', '192.0.2.78'].includes(e.ip));
    expect(entries).toHaveLength(DEFAULT_LIMITS.loginFailuresPerAddress + 2);
    for (const entry of entries) expect(entry.email).toBeNull();
    // An account's own address is still shown for its failures.
    await login(patient.user.email, 'wrong password', '192.0.2.79');
    const own = (await list('?pagination[pageSize]=100'))
      .json()
      .data.find((e: { ip: string }) => e.ip === '192.0.2.79');
    expect(own).toMatchObject({ email: patient.user.email, user: { id: patient.user.id } });
  });

  it('filters by outcome and pages', async () => {
    const failures = (await list('?filters[outcome][$eq]=failure')).json();
    expect(failures.data.length).toBeGreaterThanOrEqual(3);
    expect(failures.data.every((e: { outcome: string }) => e.outcome === 'failure')).toBe(true);
    const successes = (await list('?filters[outcome][$eq]=success')).json();
    expect(successes.data.every((e: { outcome: string }) => e.outcome === 'success')).toBe(true);

    const all = (await list('?pagination[pageSize]=100')).json();
    const page2 = (await list('?pagination[page]=2&pagination[pageSize]=2')).json();
    expect(page2.meta.pagination).toEqual({
      page: 2,
      pageSize: 2,
      pageCount: Math.ceil(all.meta.pagination.total / 2),
      total: all.meta.pagination.total,
    });
    expect(page2.data.map((e: { id: number }) => e.id)).toEqual(
      all.data.slice(2, 4).map((e: { id: number }) => e.id),
    );
  });

  it('shows a locked-out attempt as a failure', async () => {
    const { user } = await registerUser(t.app);
    for (let i = 0; i < DEFAULT_LIMITS.loginFailuresPerAddress; i++)
      await login(user.email, 'wrong password', '192.0.2.50');
    const locked = await login(user.email, PASSWORD, '192.0.2.50');
    expect(locked.statusCode).toBe(429);
    const first = (await list('?filters[outcome][$eq]=failure&pagination[pageSize]=1')).json().data[0];
    expect(first).toMatchObject({ reason: 'locked', ip: '192.0.2.50', user: { id: user.id } });
  });

  it('shows a provider sign-in with its provider, and a provider refusal with its reason', async () => {
    const { user } = await registerUser(t.app);
    // As features/oidc writes them.
    await audit(t.db, {
      actorUserId: user.id,
      action: 'auth.login',
      targetType: 'user',
      targetId: user.id,
      details: { method: 'oidc', provider: 'spital', email: user.email },
      ip: '192.0.2.60',
    });
    await audit(t.db, {
      actorUserId: null,
      action: 'auth.login_failed',
      targetType: 'user',
      details: { method: 'oidc', provider: 'spital', reason: 'email_unverified', email: 'x@example.test' },
      ip: '192.0.2.61',
    });
    const [refused, signedIn] = (await list('?pagination[pageSize]=2')).json().data;
    expect(signedIn).toMatchObject({ outcome: 'success', method: 'oidc:spital', user: { id: user.id } });
    expect(refused).toMatchObject({
      outcome: 'failure',
      method: 'oidc:spital',
      reason: 'email_unverified',
      email: 'x@example.test',
      user: null,
    });
  });
  it('writes only failure reasons that have a text (SIGN_IN_FAILURE_REASONS, a provider’s OIDC_ERROR_CODES)', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', 'in', ['auth.login_failed', 'auth.2fa_failed'])
      .execute();
    const known: readonly string[] = [...SIGN_IN_FAILURE_REASONS, ...OIDC_ERROR_CODES];
    const reasons = new Set(rows.map((r) => JSON.parse(r.details ?? '{}').reason as string));
    expect(reasons.size).toBeGreaterThan(0);
    for (const reason of reasons) expect(known).toContain(reason);
  });

  it('filters by the account’s name or e-mail, accents and case ignored', async () => {
    const zoe = await registerUser(t.app, { username: 'Zoë Müller-Weiß', email: uniqueEmail('zoe.mueller') });
    await login(zoe.user.email, 'wrong password', '198.51.100.1');
    const byName = async (term: string) =>
      (await list(`?filters[user][$containsi]=${encodeURIComponent(term)}&pagination[pageSize]=100`)).json();
    for (const term of ['muller', 'MÜLLER', 'zoe m', 'weiss']) {
      const page = await byName(term);
      expect(page.data.length, term).toBe(2);
      expect(page.meta.pagination.total, term).toBe(2);
      expect(
        page.data.every((e: { user: { id: number } }) => e.user.id === zoe.user.id),
        term,
      ).toBe(true);
    }
    expect((await byName('zoe.mueller')).data).toHaveLength(2);
    expect((await byName('Zoa')).data).toHaveLength(0);
    // Combined with the outcome: only the wrong password.
    const failed = (await list('?filters[user][$containsi]=muller&filters[outcome][$eq]=failure')).json();
    expect(failed.data).toMatchObject([{ outcome: 'failure', reason: 'password', ip: '198.51.100.1' }]);
  });

  it('filters by method: password, reset link, provider, code, recovery code', async () => {
    const who = await registerUser(t.app, { username: 'Method Tester' });
    const line = (action: string, details: Record<string, unknown>, ip: string) =>
      audit(t.db, { actorUserId: null, action, targetType: 'user', targetId: who.user.id, details, ip });
    // As features/auth, features/oidc and features/two-factor write them.
    await line('auth.login_challenge', { method: 'password', email: who.user.email }, '203.0.113.1');
    await line('auth.login', { method: 'password+totp', email: who.user.email }, '203.0.113.2');
    await line('auth.login_challenge', { method: 'password_reset', email: who.user.email }, '203.0.113.3');
    await line('auth.2fa_failed', { method: 'password_reset', reason: 'recovery_code' }, '203.0.113.4');
    await line('auth.login', { method: 'oidc', provider: 'spital', email: who.user.email }, '203.0.113.5');
    await line('auth.login_failed', { method: 'oidc', provider: 'spital', reason: 'denied' }, '203.0.113.6');
    await line('auth.login_challenge', { method: 'oidc:spital' }, '203.0.113.7');
    await line('auth.2fa_failed', { method: 'oidc:spital', reason: 'code' }, '203.0.113.8');
    await line('auth.login', { method: 'oidc:spital+recovery_code' }, '203.0.113.9');
    await line('auth.login', { method: 'oidc', provider: 'spital-2' }, '203.0.113.10');
    const ips = async (method: string) =>
      (
        await list(
          `?filters[user][$containsi]=method%20tester&filters[method][$eq]=${method}&pagination[pageSize]=100`,
        )
      )
        .json()
        .data.map((e: { ip: string }) => e.ip.replace('203.0.113.', ''))
        .filter((ip: string) => !ip.includes('.'))
        .sort((a: string, b: string) => Number(a) - Number(b));
    expect(await ips('password')).toEqual(['1', '2']);
    expect(await ips('password_reset')).toEqual(['3', '4']);
    expect(await ips('oidc')).toEqual(['5', '6', '7', '8', '9', '10']);
    expect(await ips('oidc:spital')).toEqual(['5', '6', '7', '8', '9']);
    expect(await ips('oidc:spital-2')).toEqual(['10']);
    expect(await ips('totp')).toEqual(['2', '8']);
    expect(await ips('recovery_code')).toEqual(['4', '9']);
    // A wrong code at the second step shows which second step it was.
    const all = (await list('?filters[user][$containsi]=method%20tester&pagination[pageSize]=100')).json()
      .data;
    const at = (ip: string) => all.find((e: { ip: string }) => e.ip === ip);
    expect(at('203.0.113.8')).toMatchObject({
      outcome: 'failure',
      method: 'oidc:spital+totp',
      reason: 'code',
    });
    expect(at('203.0.113.4')).toMatchObject({
      method: 'password_reset+recovery_code',
      reason: 'recovery_code',
    });
    expect(at('203.0.113.6')).toMatchObject({ method: 'oidc:spital', reason: 'denied' });
  });

  it('is a kept answer (ETag, 304) that shows a new sign-in and a renamed account at once', async () => {
    type Line = { ip: string | null; user: { username: string } | null };
    const query = '?pagination[pageSize]=100';
    const first = await list(query);
    const etag = first.headers.etag as string;
    expect(etag).toBeDefined();
    expect((await list(query)).headers.etag).toBe(etag);
    const unchanged = await t.app.inject({
      url: `/api/admin/sign-ins${query}`,
      headers: { ...admin.auth, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A sign-in (its audit line) shows on the next read.
    await login(patient.user.email, PASSWORD, '192.0.2.99');
    const after = (await list(query)).json().data as Line[];
    expect(after[0]?.ip).toBe('192.0.2.99');
    expect(after.length).toBe(first.json().data.length + 1);

    // An account renamed outside the routes (another copy of the server, an operator) shows at once.
    await t.db
      .updateTable('users')
      .set({ username: 'Renamed Person' })
      .where('id', '=', patient.user.id)
      .execute();
    const renamed = (await list(query)).json().data as Line[];
    expect(renamed.find((e) => e.ip === '192.0.2.99')?.user?.username).toBe('Renamed Person');
  });
});
