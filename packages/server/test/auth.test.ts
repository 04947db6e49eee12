import { randomBytes, scryptSync } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePassword } from '../src/features/auth/queries';
import { hashPassword, passwordHashesDone } from '../src/lib/passwords';
import {
  count,
  createTestApp,
  ENGINES,
  memoryMailer,
  PASSWORD,
  registerUser,
  type TestApp,
  uniqueEmail,
} from './context';

const fields = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details: { errors: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );

const mailer = memoryMailer();

describe.each(ENGINES)(
  'registration that does not tell whether an address has an account, on %s',
  (engine) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { mailer });
    });
    afterAll(async () => t?.close());

    const register = (email: string, password = PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        remoteAddress: '192.0.2.150',
        payload: { username: 'Nora Neu', email, password },
      });
    const mailsTo = (email: string) => mailer.sent.filter((m) => m.to === email);
    const toldOwner = (email: string) =>
      mailsTo(email).filter((m) => m.subject.includes('tried to register'));

    it('answers a taken address exactly as a new one, creates nothing for it, and tells its owner', async () => {
      const owner = await registerUser(t.app);
      const fresh = uniqueEmail('fresh');
      const [users, profiles] = [await count(t.db, 'users'), await count(t.db, 'profiles')];

      const forNew = await register(fresh);
      const forTaken = await register(owner.user.email, 'another password 2026');
      expect([forNew.statusCode, forTaken.statusCode]).toEqual([200, 200]);
      expect(forNew.json()).toEqual({ email: fresh, sent: true });
      expect(forTaken.json()).toEqual({ email: owner.user.email, sent: true });
      expect(forTaken.headers['content-type']).toBe(forNew.headers['content-type']);
      expect(forTaken.body.replace(owner.user.email, '')).toBe(forNew.body.replace(fresh, ''));
      // One new account (the new address's), nothing for the taken one; the owner's password is unchanged.
      expect([await count(t.db, 'users'), await count(t.db, 'profiles')]).toEqual([users + 1, profiles + 1]);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: '192.0.2.151',
        payload: { identifier: owner.user.email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);

      // The new address gets its confirmation link; the owner hears that someone tried.
      await expect.poll(() => mailsTo(fresh).length).toBe(1);
      expect(mailsTo(fresh)[0]?.text).toMatch(/\/auth\/email-confirmation\?confirmation=[\w-]{43}/);
      await expect.poll(() => toldOwner(owner.user.email).length).toBe(1);
      const told = toldOwner(owner.user.email)[0];
      expect(told?.subject).toBe('DoseDot: someone tried to register with your address');
      expect(told?.text).toContain('/auth/forgot-password');
      expect(told?.text).not.toContain('another password 2026');
    });

    it('hashes the password for a taken address as for a new one (so both take as long)', async () => {
      const owner = await registerUser(t.app);
      const hashesOf = async (email: string) => {
        const before = passwordHashesDone();
        expect((await register(email)).statusCode).toBe(200);
        return passwordHashesDone() - before;
      };
      // Without the hash a taken address answered in a few milliseconds against a quarter second.
      const fresh = await hashesOf(uniqueEmail('timing'));
      expect(fresh).toBe(1);
      expect(await hashesOf(owner.user.email)).toBe(fresh);
    });

    it('tells the owner at most as often as the mail limits allow, and answers the same all the while', async () => {
      const owner = await registerUser(t.app);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await register(owner.user.email)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      await new Promise((r) => setTimeout(r, 50));
      expect(toldOwner(owner.user.email)).toHaveLength(t.config.limits.resetMailsPerAccount);
    });
  },
);

describe.each(ENGINES)('sign-in attempts sent all at once, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('18 wrong passwords in parallel: no more than the limit are ever checked, the rest get 429', {
    timeout: 60_000,
  }, async () => {
    const { user } = await registerUser(t.app);
    const limit = t.config.limits.loginFailuresPerAddress;
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/local',
          remoteAddress: '192.0.2.180',
          payload: { identifier: user.email, password: `wrong password ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(18 - limit);
    // The audit tells which were checked (reason password) and which the limit refused first.
    const reasons = (
      await t.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'auth.login_failed')
        .where('ip', '=', '192.0.2.180')
        .execute()
    ).map((r) => JSON.parse(r.details ?? '{}').reason);
    expect(reasons.filter((r) => r === 'password')).toHaveLength(limit);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(18 - limit);
    // The pair stays locked for the right password too; the count did not run past the limit for the
    // account: the owner from another address signs in.
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '192.0.2.180',
      payload: { identifier: user.email, password: PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '192.0.2.181',
      payload: { identifier: user.email, password: PASSWORD },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('a right password among wrong ones sent at once is not counted as a failure', {
    timeout: 60_000,
  }, async () => {
    const { user } = await registerUser(t.app);
    const limit = t.config.limits.loginFailuresPerAddress;
    const send = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: '192.0.2.182',
        payload: { identifier: user.email, password },
      });
    const answers = await Promise.all([
      send(PASSWORD),
      ...Array.from({ length: limit - 1 }, () => send('wrong one')),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, ...Array(limit - 1).fill(400)]);
  });
});

describe.each(ENGINES)('auth routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { HEALTH_DATA_EMAILS: 'health.person@example.test' } });
  });
  afterAll(async () => t?.close());

  describe('POST /api/auth/local/register', () => {
    it('creates the user and a basic profile with names split from the full name; no token until sign-in', async () => {
      const email = uniqueEmail('reg');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local/register',
        headers: { 'accept-language': 'fr-CH,fr;q=0.9,en;q=0.5' },
        payload: { username: 'Marie Claire Dubois', email: email.toUpperCase(), password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      // The same answer a taken address gets: a link is on its way, no token.
      expect(res.json()).toEqual({ email: email.toUpperCase(), sent: true });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: 'Marie Claire Dubois', role: 'basic', confirmed: 0 });

      // The new account signs in at /api/auth/local, unconfirmed.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: '192.0.2.201',
        payload: { identifier: email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body.user).toMatchObject({
        email,
        username: 'Marie Claire Dubois',
        confirmed: false,
        meta: { role: 'basic', healthData: false },
      });
      expect(body.user).not.toHaveProperty('password_hash');

      const profile = await t.app.inject({
        url: '/api/profile/userdata',
        headers: { authorization: `Bearer ${body.jwt}` },
      });
      expect(profile.json()).toMatchObject({
        givenname: 'Marie Claire',
        familyname: 'Dubois',
        language: 'fr',
        timezone: 'Europe/Berlin',
        profile_role: { profiletype: 'basic' },
        sensor: null,
      });
    });

    it('takes the language from the body over the header', async () => {
      const { auth } = await registerUser(t.app, { language: 'de' });
      const profile = await t.app.inject({ url: '/api/profile/userdata', headers: auth });
      expect(profile.json().language).toBe('de');
    });

    it.each([
      [{ email: uniqueEmail(), password: PASSWORD }, ['username']],
      [{ username: 'A B', email: 'not-an-address', password: PASSWORD }, ['email']],
      [{ username: 'A B', email: uniqueEmail(), password: 'short' }, ['password']],
      [{ username: 42, email: uniqueEmail(), password: PASSWORD }, ['username']],
      [{ username: 'A B', email: uniqueEmail(), password: PASSWORD, role: 'admin' }, ['role']],
      [{ username: 'A B', email: uniqueEmail(), password: PASSWORD, language: 'it' }, ['language']],
    ])('answers 400 naming the bad field for %j and writes nothing', async (payload, expected) => {
      const before = [await count(t.db, 'users'), await count(t.db, 'profiles')];
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/local/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(fields(res)).toEqual(expected);
      expect([await count(t.db, 'users'), await count(t.db, 'profiles')]).toEqual(before);
    });
  });

  describe('POST /api/auth/local', () => {
    it('upgrades a hash made with older scrypt parameters at the next login, keeping tokens valid', async () => {
      const { user, auth } = await registerUser(t.app);
      const salt = randomBytes(16);
      const old = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
      const oldHash = `scrypt$16384$8$1$${salt.toString('base64')}$${old.toString('base64')}`;
      await t.db.updateTable('users').set({ password_hash: oldHash }).where('id', '=', user.id).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      let stored = oldHash;
      for (let i = 0; i < 100 && stored === oldHash; i++) {
        await new Promise((r) => setTimeout(r, 20));
        stored = (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).password_hash;
      }
      expect(stored).toMatch(/^scrypt\$8192\$8\$10\$/);
      expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      expect(again.statusCode).toBe(200);
    });

    it('does not bring the old password back when it is changed while its hash is being upgraded', async () => {
      const { user } = await registerUser(t.app);
      const salt = randomBytes(16);
      const old = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
      const oldHash = `scrypt$16384$8$1$${salt.toString('base64')}$${old.toString('base64')}`;
      await t.db.updateTable('users').set({ password_hash: oldHash }).where('id', '=', user.id).execute();
      const newPassword = 'staple battery horse correct';
      const newHash = await hashPassword(newPassword);
      const signIn = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/local',
          remoteAddress: '192.0.2.160',
          payload: { identifier: user.email, password },
        });
      const storedHash = async () =>
        (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).password_hash;

      expect((await signIn(PASSWORD)).statusCode).toBe(200);
      // The upgrade of the old hash is being computed off the answer's path (one scrypt hash, a
      // fifth of a second or more); the password is reset before it is written.
      const hashes = passwordHashesDone();
      expect(await storedHash()).toBe(oldHash);
      await updatePassword(t.db, user.id, newHash, Date.now());
      for (let i = 0; i < 250 && passwordHashesDone() === hashes; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(passwordHashesDone()).toBeGreaterThan(hashes);
      await new Promise((r) => setTimeout(r, 250)); // the upgrade's write, had it been made

      expect(await storedHash()).toBe(newHash);
      expect((await signIn(newPassword)).statusCode).toBe(200);
      expect((await signIn(PASSWORD)).statusCode).toBe(400);
    });

    it('signs in with e-mail and password and the token opens /api/users/me', async () => {
      const { user } = await registerUser(t.app, { email: 'health.person@example.test' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: 'Health.Person@example.test', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const me = await t.app.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${res.json().jwt}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        id: user.id,
        email: 'health.person@example.test',
        meta: { role: 'basic', healthData: true },
      });
    });

    it('refuses a wrong password and an unknown address with the same answer', async () => {
      const { user } = await registerUser(t.app);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: 'wrong password' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: uniqueEmail('nobody'), password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe('Invalid identifier or password');
      expect(unknown.json()).toEqual(wrong.json());
    });

    it.each([
      [{ password: PASSWORD }, ['identifier']],
      [{ identifier: 'a@b.test' }, ['password']],
      [{ identifier: ['a@b.test'], password: PASSWORD }, ['identifier']],
      [{ identifier: 'a@b.test', password: PASSWORD, remember: true }, ['remember']],
    ])('answers 400 naming the bad field for %j', async (payload, expected) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(expected);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers 401 without a token, with a forged token and with a token of another secret', async () => {
      const none = await t.app.inject({ url: '/api/users/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
      const garbage = await t.app.inject({
        url: '/api/users/me',
        headers: { authorization: 'Bearer abc.def.ghi' },
      });
      expect(garbage.statusCode).toBe(401);
      const { jwt } = await registerUser(t.app);
      const [h, p] = jwt.split('.');
      const forged = await t.app.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${h}.${p}.${'A'.repeat(43)}` },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('issues tokens that expire after 7 days and refuses an expired one', async () => {
      const { jwt, user } = await registerUser(t.app);
      const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
      // Signed as if eight days ago.
      const expired = createSigner({
        key: t.config.jwtSecret,
        algorithm: 'HS256',
        expiresIn: 7 * 24 * 3600_000,
        clockTimestamp: Date.now() - 8 * 24 * 3600_000,
      })({ sub: String(user.id), tv: 0 });
      const res = await t.app.inject({
        url: '/api/users/me',
        headers: { authorization: `Bearer ${expired}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid or expired token');
    });

    it('answers 401 once the account is blocked', async () => {
      const { auth, user } = await registerUser(t.app);
      await t.db.updateTable('users').set({ blocked: 1 }).where('id', '=', user.id).execute();
      expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(401);
    });
  });
});

describe.each(ENGINES)('first user on %s in production', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
  });
  afterAll(async () => t?.close());

  it('makes the first user to confirm admin and the next one basic; never seeds demo data', async () => {
    expect(t.config.seedDemo).toBe(false);
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    // The role comes with the confirmed address (registerUser confirms, then signs in).
    expect(first.user).toMatchObject({ meta: { role: 'admin' } });
    const me = async (auth: Record<string, string>) =>
      (await t.app.inject({ url: '/api/users/me', headers: auth })).json();
    expect(await me(first.auth)).toMatchObject({ confirmed: true, meta: { role: 'admin' } });
    expect(await me(second.auth)).toMatchObject({ confirmed: true, meta: { role: 'basic' } });
    const profile = await t.app.inject({ url: '/api/profile/userdata', headers: first.auth });
    expect(profile.json().profile_role.profiletype).toBe('admin');
  });
});
