import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_LIMITS, loadConfig, oidcProvidersFromEnv } from '../src/config';
import { count, createTestApp, ENGINES, type Engine, registerUser, type TestApp } from './context';
import { startTestProvider, type TestAccountClaims, type TestProvider } from './oidc-test-provider.mjs';

const APP_URL = 'http://dosedot.test';
const CALLBACK = `${APP_URL}/api/auth/oidc/test-idp/callback`;

/** Each engine's accounts at the provider: the login name is `<engine>-<who>`. */
const who = (engine: Engine, name: string) => `${engine}-${name}`;
function accountsFor(engine: Engine): Record<string, TestAccountClaims> {
  const email = (name: string) => `${name}.${engine}@oidc.example.test`;
  const verified = (name: string, extra: TestAccountClaims = {}) => ({
    email: email(name),
    email_verified: true,
    ...extra,
  });
  return {
    [who(engine, 'alice')]: verified('alice', {
      given_name: 'Alice',
      family_name: 'Muster',
      locale: 'de-CH',
    }),
    [who(engine, 'bob')]: { email: email('bob'), email_verified: false, name: 'Bob Brown' },
    [who(engine, 'carol')]: verified('carol', { name: 'Carol Clark' }),
    [who(engine, 'dave')]: verified('dave', { name: 'Dave Dune' }),
    [who(engine, 'erin')]: verified('erin', { name: 'Erin Eck' }),
    [who(engine, 'frank')]: verified('frank', { name: 'Frank Fox' }),
    [who(engine, 'gina')]: verified('gina', { name: 'Gina Gold' }),
    [who(engine, 'ivy')]: verified('ivy', { name: 'Ivy Iris' }),
    [who(engine, 'hugo')]: verified('hugo', { name: 'Hugo Horn', locale: 'it' }),
    [who(engine, 'olga')]: verified('olga', { name: 'Olga Ort' }),
  };
}

/** A loopback port with nothing listening: a provider that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let provider: TestProvider;
let downPort: number;
beforeAll(async () => {
  provider = await startTestProvider({
    accounts: Object.assign({}, ...ENGINES.map(accountsFor)),
    redirectUris: [CALLBACK],
  });
  downPort = await closedPort();
});
afterAll(async () => provider?.close());

describe.each(ENGINES)('OpenID Connect sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: {
        APP_URL,
        ...provider.env(1, 'Test IdP'),
        OIDC_1_ID: 'test-idp',
        OIDC_2_ISSUER: `http://127.0.0.1:${downPort}`,
        OIDC_2_CLIENT_ID: 'dosedot',
        OIDC_2_CLIENT_SECRET: 'secret',
        OIDC_2_NAME: 'Hospital Keycloak',
      },
      // Every test here signs in several times from one address.
      config: { limits: { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 } },
    });
  });
  afterAll(async () => t?.close());

  const flowCookieOf = (setCookie: string | string[] | undefined) => {
    const line = [setCookie ?? []].flat().find((c) => c.startsWith('dosedot_oidc='));
    return line?.split(';')[0] ?? '';
  };

  const browserCookieOf = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []]
      .flat()
      .find((c) => c.startsWith('dosedot_oidc_browser='))
      ?.split(';')[0] ?? '';

  /** The browser of the latest start: the success page's exchange sends its cookie. */
  let browser = '';

  /** GET …/start: the provider's authorization URL and the flow cookie. */
  async function start(query = '', providerId = 'test-idp') {
    const res = await t.app.inject({ url: `/api/auth/oidc/${providerId}/start${query}` });
    expect(res.statusCode).toBe(302);
    browser = browserCookieOf(res.headers['set-cookie']);
    return { location: String(res.headers.location), cookie: flowCookieOf(res.headers['set-cookie']), res };
  }

  /** GET …/callback as the provider's redirect sends the browser there. */
  async function callback(url: URL, cookie: string) {
    const res = await t.app.inject({
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(302);
    return { location: String(res.headers.location), setCookie: String(res.headers['set-cookie']) };
  }

  async function signIn(name: string, query = '') {
    const begun = await start(query);
    const back = await provider.authorize(begun.location, who(engine, name));
    return callback(back, begun.cookie);
  }

  const codeOf = (location: string) => new URL(location, APP_URL).hash.replace(/^#oidc=/, '');

  /** POST …/session from the browser that started the flow (or the cookie given). */
  async function exchange(code: string, cookie = browser) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/session',
      payload: { code },
      headers: cookie ? { cookie } : {},
    });
  }

  async function auditRows(action: string) {
    const rows = await t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
    return rows.map((r) => ({
      ...r,
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
    }));
  }

  /** Runs a refused sign-in and checks that it wrote no user, no profile and no identity. */
  async function expectRefused(run: () => Promise<{ location: string }>, reason: string) {
    const before = [await count(t.db, 'users'), await count(t.db, 'profiles')];
    const identities = (await t.db.selectFrom('oidc_identities').select('id').execute()).length;
    const failures = (await auditRows('auth.login_failed')).length;
    const { location } = await run();
    expect(location).toBe(`/auth/signin?error=${reason}`);
    expect([await count(t.db, 'users'), await count(t.db, 'profiles')]).toEqual(before);
    expect((await t.db.selectFrom('oidc_identities').select('id').execute()).length).toBe(identities);
    const logged = await auditRows('auth.login_failed');
    expect(logged).toHaveLength(failures + 1);
    expect(logged.at(-1)?.details).toMatchObject({ method: 'oidc', provider: expect.any(String), reason });
    return logged.at(-1);
  }

  describe('GET /api/auth/providers', () => {
    it('lists the configured providers by id and name, in their number order', async () => {
      const res = await t.app.inject({ url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          { id: 'test-idp', name: 'Test IdP' },
          { id: 'hospital-keycloak', name: 'Hospital Keycloak' },
        ],
      });
    });
  });

  describe('GET /api/auth/oidc/:provider/start', () => {
    it('answers 400 naming the field for a bad language or provider id', async () => {
      const lang = await t.app.inject({ url: '/api/auth/oidc/test-idp/start?lang=it' });
      expect(lang.statusCode).toBe(400);
      expect(lang.json().error.details.errors[0].path).toEqual(['lang']);
      const id = await t.app.inject({ url: '/api/auth/oidc/Not_An_Id/start' });
      expect(id.statusCode).toBe(400);
      expect(id.json().error.details.errors[0].path).toEqual(['provider']);
    });

    it('sends the browser to the provider with PKCE, state and nonce, kept in an HttpOnly cookie', async () => {
      const { location, res } = await start('?lang=de');
      const url = new URL(location);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: provider.clientId,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
        ui_locales: 'de',
      });
      for (const param of ['state', 'nonce', 'code_challenge'])
        expect(url.searchParams.get(param)).toMatch(/^[\w-]{32,}$/);
      const [cookie = '', browserCookie] = [res.headers['set-cookie'] ?? []].flat();
      expect(cookie).toMatch(
        /^dosedot_oidc=[\w-]+\.[\w-]+; Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/,
      );
      // The starting browser's value, which the sign-in code will be bound to (login CSRF).
      expect(browserCookie).toMatch(
        /^dosedot_oidc_browser=[\w-]{43}; Path=\/api\/auth\/oidc; Max-Age=900; HttpOnly; SameSite=Strict$/,
      );
      // The verifier is in the cookie, never in the URL.
      expect(location).not.toContain(cookie.split(';')[0]?.split('=')[1] ?? '-');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('goes back to sign-in for an unknown provider, and when the provider cannot be reached', async () => {
      const unknown = await start('?lang=fr', 'nobody');
      expect(unknown.location).toBe('/fr/auth/signin?error=unknown_provider');
      const down = await start('', 'hospital-keycloak');
      expect(down.location).toBe('/auth/signin?error=unavailable');
      const logged = await auditRows('auth.login_failed');
      expect(logged.map((r) => r.details?.reason)).toEqual(
        expect.arrayContaining(['unknown_provider', 'unavailable']),
      );
    });
  });

  describe('a first sign-in', () => {
    it('creates the user and profile from the claims and hands a single-use code to the success page', async () => {
      const [users, profiles] = [await count(t.db, 'users'), await count(t.db, 'profiles')];
      const { location, setCookie } = await signIn('alice', '?lang=fr&redirect=%2Fmy-medicine');
      expect(location).toMatch(/^\/fr\/auth\/success\?redirect=%2Fmy-medicine#oidc=[\w-]{43}$/);
      expect(setCookie).toMatch(/^dosedot_oidc=; Path=\/api\/auth\/oidc; Max-Age=0; HttpOnly; SameSite=Lax$/);
      expect([await count(t.db, 'users'), await count(t.db, 'profiles')]).toEqual([users + 1, profiles + 1]);

      const code = codeOf(location);
      const res = await exchange(code);
      expect(res.statusCode).toBe(200);
      const { jwt, user } = res.json();
      expect(user).toMatchObject({
        email: `alice.${engine}@oidc.example.test`,
        username: 'Alice Muster',
        confirmed: true,
        blocked: false,
        meta: { role: 'basic' },
      });
      const profile = await t.app.inject({
        url: '/api/profile/userdata',
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(profile.statusCode).toBe(200);
      // The locale claim de-CH makes the profile German (over the page's French).
      expect(profile.json()).toMatchObject({ givenname: 'Alice', familyname: 'Muster', language: 'de' });

      // The code works once.
      const again = await exchange(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().error.details.errors[0].path).toEqual(['code']);

      const identity = await t.db
        .selectFrom('oidc_identities')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(identity).toEqual([
        expect.objectContaining({ issuer: provider.issuer, subject: who(engine, 'alice') }),
      ]);
      const registered = (await auditRows('auth.register')).filter((r) => r.actor_user_id === user.id);
      expect(registered.map((r) => r.details)).toEqual([{ method: 'oidc', provider: 'test-idp' }]);
      const logins = (await auditRows('auth.login')).filter((r) => r.actor_user_id === user.id);
      expect(logins.map((r) => r.details)).toEqual([
        { method: 'oidc', provider: 'test-idp', email: `alice.${engine}@oidc.example.test` },
      ]);
    });

    it('a code works only in the browser that started the flow: replayed from another browser it is refused (login CSRF)', async () => {
      const { location } = await signIn('olga');
      const code = codeOf(location);
      const victims = browser;
      // Another browser: no cookie at all, or its own from a flow it started itself.
      const none = await exchange(code, '');
      expect(none.statusCode).toBe(400);
      expect(none.json().error.details.errors[0].path).toEqual(['code']);
      expect(none.json()).not.toHaveProperty('jwt');
      await start();
      const other = browser;
      expect(other).not.toBe(victims);
      const elsewhere = await exchange(code, other);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.details.errors[0].path).toEqual(['code']);
      // The refusals did not use the code up: the starting browser still signs in with it.
      const own = await exchange(code, victims);
      expect(own.statusCode).toBe(200);
      expect(own.json().user.email).toBe(`olga.${engine}@oidc.example.test`);
    });

    it('a browser that starts a second sign-in keeps its value, so a sign-in in another tab still works', async () => {
      const first = await start();
      const firstBrowser = browser;
      const res = await t.app.inject({
        url: '/api/auth/oidc/test-idp/start',
        headers: { cookie: firstBrowser },
      });
      expect(browserCookieOf(res.headers['set-cookie'])).toBe(firstBrowser);
      expect(first.cookie).not.toBe(flowCookieOf(res.headers['set-cookie']));
    });

    it('takes the page language when the locale claim is none of ours, and no redirect when none was given', async () => {
      const { location } = await signIn('hugo', '?lang=fr');
      expect(location).toMatch(/^\/fr\/auth\/success#oidc=/);
      const { jwt } = (await exchange(codeOf(location))).json();
      const profile = await t.app.inject({
        url: '/api/profile/userdata',
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(profile.json()).toMatchObject({ givenname: 'Hugo', familyname: 'Horn', language: 'fr' });
    });
  });

  describe('a later sign-in', () => {
    it('finds the same user by issuer and subject and creates nothing', async () => {
      const first = (await exchange(codeOf((await signIn('gina')).location))).json();
      const before = await count(t.db, 'users');
      const second = await signIn('gina');
      expect(second.location).toMatch(/^\/auth\/success#oidc=/);
      const res = await exchange(codeOf(second.location));
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(first.user.id);
      expect(await count(t.db, 'users')).toBe(before);
      const logins = (await auditRows('auth.login')).filter((r) => r.actor_user_id === first.user.id);
      expect(logins).toHaveLength(2);
    });

    it('gives a user with two-factor sign-in a challenge instead of a code; auth.login waits for the code', async () => {
      const { user } = (await exchange(codeOf((await signIn('ivy')).location))).json();
      await t.db.updateTable('users').set({ two_factor: 1 }).where('id', '=', user.id).execute();
      const logins = async () =>
        (await auditRows('auth.login')).filter((r) => r.actor_user_id === user.id).length;
      const before = await logins();
      const { location } = await signIn('ivy', '?redirect=%2Fprofile');
      expect(location).toMatch(/^\/auth\/success\?redirect=%2Fprofile#mfa=[\w-]+$/);
      const challenges = await t.db
        .selectFrom('mfa_challenges')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(challenges.map((c) => c.method)).toEqual(['oidc:test-idp']);
      expect(await logins()).toBe(before);
      const asked = (await auditRows('auth.login_challenge')).filter((r) => r.actor_user_id === user.id);
      expect(asked.map((r) => r.details?.method)).toEqual(['oidc:test-idp']);
    });

    it('refuses a blocked user', async () => {
      const { user } = (await exchange(codeOf((await signIn('dave')).location))).json();
      await t.db.updateTable('users').set({ blocked: 1 }).where('id', '=', user.id).execute();
      const row = await expectRefused(() => signIn('dave'), 'blocked');
      expect(row?.target_id).toBe(String(user.id));
    });
  });

  describe('refused sign-ins create no user', () => {
    it('a tampered state', async () => {
      await expectRefused(async () => {
        const begun = await start();
        const back = await provider.authorize(begun.location, who(engine, 'erin'));
        back.searchParams.set('state', 'tampered-state-value-0123456789abcdef');
        return callback(back, begun.cookie);
      }, 'state');
    });

    it('a callback without the flow cookie, or with an altered one', async () => {
      const begun = await start();
      const back = await provider.authorize(begun.location, who(engine, 'erin'));
      await expectRefused(() => callback(back, ''), 'state');
      const altered = begun.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      await expectRefused(() => callback(back, altered), 'state');
    });

    it('a wrong nonce in the ID token', async () => {
      await expectRefused(async () => {
        const begun = await start();
        const url = new URL(begun.location);
        url.searchParams.set('nonce', 'another-nonce-0123456789abcdefghijklmnop');
        const back = await provider.authorize(url.href, who(engine, 'erin'));
        return callback(back, begun.cookie);
      }, 'nonce');
    });

    it('an e-mail address the provider has not verified', async () => {
      await expectRefused(() => signIn('bob'), 'email_unverified');
    });

    it('an expired code', async () => {
      await expectRefused(async () => {
        const begun = await start();
        const back = await provider.authorize(begun.location, who(engine, 'frank'));
        provider.expire(back.searchParams.get('code') ?? '');
        return callback(back, begun.cookie);
      }, 'code');
    });

    it('a code used twice', async () => {
      const begun = await start();
      const back = await provider.authorize(begun.location, who(engine, 'erin'));
      const first = await callback(back, begun.cookie);
      expect(first.location).toMatch(/^\/auth\/success#oidc=/);
      await expectRefused(() => callback(back, begun.cookie), 'code');
    });

    it('an address that already has a password account (never linked by e-mail alone)', async () => {
      await registerUser(t.app, { email: `carol.${engine}@oidc.example.test`, username: 'Carol Clark' });
      await expectRefused(() => signIn('carol'), 'account_exists');
    });

    it('a sign-in cancelled at the provider', async () => {
      await expectRefused(async () => {
        const begun = await start();
        const state = new URL(begun.location).searchParams.get('state') ?? '';
        const back = new URL(CALLBACK);
        back.search = new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer }).toString();
        return callback(back, begun.cookie);
      }, 'denied');
    });
  });

  describe('POST /api/auth/oidc/session', () => {
    it('answers 400 naming the code for a missing or unknown code', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.details.errors[0].path).toEqual(['code']);
      const unknown = await exchange('not-a-code');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.details.errors[0].path).toEqual(['code']);
    });
  });
});

describe('without providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('lists none, and a start goes back to sign-in', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ data: [] });
    const res = await t.app.inject({ url: '/api/auth/oidc/test-idp/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/signin?error=unknown_provider');
  });
});

describe('OIDC_<n>_* variables', () => {
  const base = {
    OIDC_1_ISSUER: 'https://login.example.test/realms/care',
    OIDC_1_CLIENT_ID: 'dosedot',
    OIDC_1_CLIENT_SECRET: 's3cret',
    OIDC_1_NAME: 'Spital Zürich',
  };

  it('reads the providers in number order, with an id made from the name unless OIDC_n_ID is set', () => {
    const { providers, problems } = oidcProvidersFromEnv(
      {
        ...base,
        OIDC_2_ISSUER: 'https://accounts.google.com',
        OIDC_2_CLIENT_ID: 'g',
        OIDC_2_CLIENT_SECRET: 'gs',
        OIDC_2_NAME: 'Google',
        OIDC_2_ID: 'google-id',
      },
      true,
    );
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      {
        id: 'spital-zurich',
        name: 'Spital Zürich',
        issuer: base.OIDC_1_ISSUER,
        clientId: 'dosedot',
        clientSecret: 's3cret',
      },
      {
        id: 'google-id',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 'gs',
      },
    ]);
  });

  it.each([
    [{ OIDC_1_CLIENT_SECRET: '' }, 'OIDC_1_CLIENT_SECRET: required'],
    [{ OIDC_1_ISSUER: 'login.example.test' }, 'OIDC_1_ISSUER: must be'],
    [{ OIDC_1_ISSUER: 'http://login.example.test' }, 'OIDC_1_ISSUER: must be'],
    [{ OIDC_1_ID: 'Bad Id' }, 'OIDC_1_ID: must be'],
    [{ OIDC_1_SCOPE: 'openid' }, 'OIDC_1_SCOPE: unknown setting'],
    [
      {
        OIDC_2_ISSUER: base.OIDC_1_ISSUER,
        OIDC_2_CLIENT_ID: 'x',
        OIDC_2_CLIENT_SECRET: 'y',
        OIDC_2_NAME: 'Spital Zurich',
      },
      'OIDC_2_NAME: the provider id "spital-zurich" is taken',
    ],
  ])('stops a production start with one line naming the variable for %j', (change, problem) => {
    let problems: string[] = [];
    try {
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: tmpdir(),
        JWT_SECRET: 'x'.repeat(32),
        HEALTH_DATA_KEY: 'a'.repeat(64),
        ...base,
        ...change,
      });
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  it('takes an http:// issuer outside production only (a local test provider)', () => {
    const env = { ...base, OIDC_1_ISSUER: 'http://127.0.0.1:3999' };
    expect(oidcProvidersFromEnv(env, false).problems).toEqual([]);
    expect(oidcProvidersFromEnv(env, true).problems).toHaveLength(1);
  });
});
