import { describe, expect, it } from 'vitest';
import { count, ENGINES, memoryMailer, PASSWORD, registerUser, uniqueEmail, useTestApp } from './context';

const HEALTH_EMAIL = 'listed.person@example.test';

/** The confirmation token of the newest mail to the address. */
function tokenFor(mailer: ReturnType<typeof memoryMailer>, email: string): string {
  const mail = mailer.sent.filter((m) => m.to === email).at(-1);
  const token = mail?.text.match(/\/auth\/email-confirmation\?confirmation=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { status: number; message: string; details: { errors: object[] } } }).error;

describe.each(ENGINES)('e-mail confirmation on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, {
    env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL, APP_URL: 'https://dosedot.example' },
    mailer,
  });
  const confirm = (token: string) =>
    t.app.inject({ url: `/api/auth/email-confirmation?confirmation=${encodeURIComponent(token)}` });
  const me = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/users/me', headers: auth })).json();
  /** What a refused confirmation must leave alone. */
  const snapshot = async () => ({
    confirmed: (
      await t.db.selectFrom('users').select(['id', 'confirmed', 'role']).orderBy('id').execute()
    ).map((u) => `${u.id}:${u.confirmed}:${u.role}`),
    links: (
      await t.db.selectFrom('email_confirmations').select(['id', 'used_at']).orderBy('id').execute()
    ).map((l) => `${l.id}:${l.used_at ?? '-'}`),
    audit: await count(t.db, 'audit_log'),
  });

  it('mails a link in the profile language at registration; the link confirms once', async () => {
    const reg = await registerUser(t.app, { language: 'de' }, { confirm: false });
    expect(reg.user).toMatchObject({ confirmed: false });
    expect(await me(reg.auth)).toMatchObject({ confirmed: false });
    const mail = mailer.sent.filter((m) => m.to === reg.user.email).at(-1);
    expect(mail?.subject).toBe('DoseDot: E-Mail-Adresse bestätigen');
    expect(mail?.text).toContain('https://dosedot.example/de/auth/email-confirmation?confirmation=');
    const token = tokenFor(mailer, reg.user.email);
    // Only the hash is kept.
    const stored = await t.db.selectFrom('email_confirmations').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: reg.user.email, confirmed: true });
    expect(await me(reg.auth)).toMatchObject({ confirmed: true });

    const before = await snapshot();
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      status: 400,
      message: 'This confirmation link has already been used',
      details: { errors: [{ path: ['confirmation'], code: 'confirmation_used' }] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown, an expired and a missing link with 400 and writes nothing', async () => {
    const reg = await registerUser(t.app, {}, { confirm: false });
    const token = tokenFor(mailer, reg.user.email);
    await t.db
      .updateTable('email_confirmations')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', reg.user.id)
      .execute();
    const before = await snapshot();

    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toMatchObject({
      message: 'This confirmation link has expired; ask for a new one',
      details: { errors: [{ path: ['confirmation'], code: 'confirmation_expired' }] },
    });
    const unknown = await confirm('not-a-token-we-ever-sent');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      message: 'This confirmation link is not valid',
      details: { errors: [{ path: ['confirmation'], code: 'confirmation_unknown' }] },
    });
    const missing = await t.app.inject({ url: '/api/auth/email-confirmation' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details.errors).toMatchObject([{ path: ['confirmation'] }]);

    expect(await snapshot()).toEqual(before);
    expect(await me(reg.auth)).toMatchObject({ confirmed: false });
  });

  it('gives an unconfirmed listed address no My Health Data until it is confirmed', async () => {
    const reg = await registerUser(t.app, { email: HEALTH_EMAIL }, { confirm: false });
    expect(reg.user).toMatchObject({ confirmed: false, meta: { healthData: false } });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: HEALTH_EMAIL, password: PASSWORD },
    });
    // Unconfirmed users sign in.
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ confirmed: false, meta: { healthData: false } });
    expect((await t.app.inject({ url: '/api/health-data', headers: reg.auth })).statusCode).toBe(403);

    expect((await confirm(tokenFor(mailer, HEALTH_EMAIL))).statusCode).toBe(200);
    expect(await me(reg.auth)).toMatchObject({ confirmed: true, meta: { healthData: true } });
    expect((await t.app.inject({ url: '/api/health-data', headers: reg.auth })).statusCode).toBe(200);
  });

  it('sends a new link on request without telling whether the address has an account', async () => {
    const unconfirmed = await registerUser(t.app, {}, { confirm: false });
    const confirmed = await registerUser(t.app);
    const nobody = uniqueEmail('nobody');
    const send = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-email-confirmation', payload: { email } });
    const mailsTo = (email: string) => mailer.sent.filter((m) => m.to === email).length;
    const before = [mailsTo(unconfirmed.user.email), mailsTo(confirmed.user.email), mailsTo(nobody)] as const;

    const answers = await Promise.all([unconfirmed.user.email, confirmed.user.email, nobody].map(send));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json())).toEqual([
      { email: unconfirmed.user.email, sent: true },
      { email: confirmed.user.email, sent: true },
      { email: nobody, sent: true },
    ]);
    expect([mailsTo(unconfirmed.user.email), mailsTo(confirmed.user.email), mailsTo(nobody)]).toEqual([
      before[0] + 1,
      before[1],
      before[2],
    ]);
    // The new link works; the per-address limit is the reset's and counts unknown addresses alike.
    expect((await confirm(tokenFor(mailer, unconfirmed.user.email))).statusCode).toBe(200);
    for (const email of [confirmed.user.email, nobody]) {
      const limit = t.config.limits.resetMailsPerAccount;
      const statuses: number[] = [];
      for (let i = 1; i < limit + 1; i++) statuses.push((await send(email)).statusCode);
      expect(statuses).toEqual([...Array(limit - 1).fill(200), 429]);
    }
    const bad = await send('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details.errors).toMatchObject([{ path: ['email'] }]);
  });
});

describe.each(ENGINES)('the first administrator in production on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, { env: { NODE_ENV: 'production' }, mailer });
  const confirm = (email: string) =>
    t.app.inject({ url: `/api/auth/email-confirmation?confirmation=${tokenFor(mailer, email)}` });
  const roleOf = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/users/me', headers: auth })).json().meta.role;

  it('is no one until an address is confirmed, then the first account to confirm, and only one', async () => {
    const first = await registerUser(t.app, {}, { confirm: false });
    const second = await registerUser(t.app, {}, { confirm: false });
    const third = await registerUser(t.app, {}, { confirm: false });
    // Nobody is an administrator while no address is confirmed.
    expect(first.user).toMatchObject({ confirmed: false, meta: { role: 'basic' } });
    expect(await roleOf(first.auth)).toBe('basic');
    expect((await t.app.inject({ url: '/api/docs', headers: first.auth })).statusCode).toBe(403);

    // Two confirm at once: exactly one becomes the administrator.
    const [a, b] = await Promise.all([confirm(second.user.email), confirm(third.user.email)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const roles = [await roleOf(second.auth), await roleOf(third.auth)];
    expect(roles.sort()).toEqual(['admin', 'basic']);

    // The first registered confirms later: an administrator exists, so it stays basic.
    expect((await confirm(first.user.email)).statusCode).toBe(200);
    expect(await roleOf(first.auth)).toBe('basic');
    const admins = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    const profile = await t.db
      .selectFrom('profiles')
      .select('profiletype')
      .where('user_id', '=', admins[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(profile.profiletype).toBe('admin');
  });
});

describe.each(ENGINES)('password refusals carry stable codes on %s', (engine) => {
  const t = useTestApp(engine);
  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload });

  it.each([
    ['too short', { password: 'short' }, 'password', 'too_small'],
    [
      'the e-mail inside',
      { email: 'erika.muster@example.test', password: 'erika.muster-2026' },
      'password',
      'password_personal',
    ],
    ['a common one', { password: 'password123' }, 'password', 'password_common'],
    ['an invalid address', { email: 'nope' }, 'email', 'invalid_format'],
  ])('names the field and the rule of %s', async (_, body, field, code) => {
    const res = await register({
      username: 'Erika Muster',
      email: uniqueEmail(),
      password: PASSWORD,
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details.errors).toMatchObject([{ path: [field], code }]);
  });

  it('never names a taken address (registration answers it as a new one)', async () => {
    const { user } = await registerUser(t.app);
    const res = await register({ username: 'Again', email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email, sent: true });
  });
});
