import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_LIMITS } from '../src/config';
import { authenticatorCode } from './authenticator';
import { createTestApp, ENGINES, memoryMailer, PASSWORD, registerUser, type TestApp } from './context';

/*
 * Sessions that end (issue 21 item 5, decision 0002): a logout ends the token's session on the
 * server; a password change, turning two-step sign-in on or off and the notice's "this was not me"
 * link end the other sessions (or all of them). Over HTTP, on SQLite and on PostgreSQL.
 */

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

const fields = (res: { json: () => unknown }) =>
  ((res.json() as { error: { details: { errors?: { path: string[] }[] } } }).error.details.errors ?? []).map(
    (e) => e.path.join('.'),
  );

/** Signs in with the password (no second step): a new session's token. */
async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier: email, password },
  });
  if (res.statusCode !== 200 || !res.json().jwt) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().jwt as string;
}

const me = (app: FastifyInstance, jwt: string) => app.inject({ url: '/api/users/me', headers: bearer(jwt) });

async function tokenVersion(t: TestApp, userId: number) {
  const row = await t.db
    .selectFrom('users')
    .select(['token_version', 'password_hash', 'two_factor'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

const LIMITS = { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 };

describe.each(ENGINES)('sessions on %s', (engine) => {
  let t: TestApp;
  const mailer = memoryMailer();
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: LIMITS }, mailer });
  });
  afterAll(async () => t?.close());

  /** Enrols two-step sign-in from the session `jwt`; answers the secret. */
  async function enrol(jwt: string, password = PASSWORD): Promise<string> {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/setup',
      headers: bearer(jwt),
      payload: { password },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().data as { secret: string };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/confirm',
      headers: bearer(jwt),
      payload: { code: authenticatorCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return secret;
  }

  const lastMailTo = (email: string) => [...mailer.sent].reverse().find((m) => m.to === email);
  const notMeToken = (text: string) => /\/auth\/not-me\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  describe('POST /api/auth/logout', () => {
    it('answers 401 without a token or with a token of another secret', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHYiOjAsInNpZCI6IngifQ.x'),
      });
      expect(forged.statusCode).toBe(401);
    });

    it('ends the token on the server: it is refused afterwards, the same user’s other session goes on', async () => {
      const { jwt, user } = await registerUser(t.app);
      const other = await signIn(t.app, user.email);
      expect((await me(t.app, jwt)).statusCode).toBe(200);

      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(jwt) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });

      const after = await me(t.app, jwt);
      expect(after.statusCode).toBe(401);
      expect(after.json().error).toMatchObject({ name: 'UnauthorizedError' });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(jwt) })).statusCode,
      ).toBe(401);
      expect((await me(t.app, other)).statusCode).toBe(200);
      // Signing in again makes a new session.
      expect((await me(t.app, await signIn(t.app, user.email))).statusCode).toBe(200);
      const line = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_user_id', '=', user.id)
        .where('action', '=', 'auth.logout')
        .execute();
      expect(line).toHaveLength(1);
    });
  });

  describe('POST /api/auth/change-password', () => {
    const change = (jwt: string | undefined, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: jwt ? bearer(jwt) : {},
        payload,
      });
    const NEW = 'a fresh and long passphrase';

    it('answers 401 without a token, before reading the body', async () => {
      const res = await change(undefined, {
        currentPassword: PASSWORD,
        password: NEW,
        passwordConfirmation: NEW,
      });
      expect(res.statusCode).toBe(401);
    });

    it('answers 400 naming the field for each bad input, and changes nothing', async () => {
      const { jwt, user } = await registerUser(t.app, { username: 'Ottilie Brandt' });
      const before = await tokenVersion(t, user.id);
      const cases: [Record<string, unknown>, string, string?][] = [
        [{ password: NEW, passwordConfirmation: NEW }, 'currentPassword'],
        [{ currentPassword: PASSWORD, password: 'short', passwordConfirmation: 'short' }, 'password'],
        [
          { currentPassword: PASSWORD, password: NEW, passwordConfirmation: `${NEW}x` },
          'passwordConfirmation',
        ],
        [{ currentPassword: PASSWORD, password: PASSWORD, passwordConfirmation: PASSWORD }, 'password'],
        [{ currentPassword: PASSWORD, password: NEW, passwordConfirmation: NEW, extra: 1 }, 'extra'],
        [
          { currentPassword: PASSWORD, password: 'password1234', passwordConfirmation: 'password1234' },
          'password',
          'password_common',
        ],
        [
          { currentPassword: PASSWORD, password: 'ottilie-2026-x', passwordConfirmation: 'ottilie-2026-x' },
          'password',
          'password_personal',
        ],
        [{ currentPassword: 'not my password', password: NEW, passwordConfirmation: NEW }, 'currentPassword'],
      ];
      for (const [payload, field, code] of cases) {
        const res = await change(jwt, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(fields(res), JSON.stringify(payload)).toEqual([field]);
        if (code) expect(res.json().error.details.errors[0].code).toBe(code);
      }
      expect(await tokenVersion(t, user.id)).toEqual(before);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
      await signIn(t.app, user.email, PASSWORD);
    });

    it('sets the new password, answers a fresh token and ends every other session but the caller’s', async () => {
      const { jwt, user } = await registerUser(t.app);
      const other = await signIn(t.app, user.email);
      const res = await change(jwt, { currentPassword: PASSWORD, password: NEW, passwordConfirmation: NEW });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ id: user.id, email: user.email });
      expect(body.jwt).not.toBe(jwt);

      expect((await me(t.app, body.jwt)).statusCode).toBe(200);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
      expect((await me(t.app, other)).statusCode).toBe(401);

      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      expect(old.statusCode).toBe(400);
      await signIn(t.app, user.email, NEW);

      // The fresh token is of the same session: one logout ends both.
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(body.jwt) });
      expect((await me(t.app, jwt)).statusCode).toBe(401);
      expect((await me(t.app, body.jwt)).statusCode).toBe(401);
    });

    it('ends the kept session too once a password reset ends every session', async () => {
      const { jwt, user } = await registerUser(t.app);
      const res = await change(jwt, { currentPassword: PASSWORD, password: NEW, passwordConfirmation: NEW });
      expect(res.statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const code = /code=([A-Za-z0-9_-]+)/.exec(lastMailTo(user.email)?.text ?? '')?.[1];
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {
          code,
          password: 'yet another long passphrase',
          passwordConfirmation: 'yet another long passphrase',
        },
      });
      expect(reset.statusCode).toBe(200);
      expect((await me(t.app, jwt)).statusCode).toBe(401);
      expect((await me(t.app, res.json().jwt)).statusCode).toBe(401);
    });
  });

  describe('turning two-step sign-in on and off', () => {
    it('needs the password (400 naming it, counted) and a confirmed address (403) to set up', async () => {
      const unconfirmed = await registerUser(t.app, {}, { confirm: false });
      const { jwt, user } = await registerUser(t.app);
      const setup = (token: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: '/api/two-factor/setup', headers: bearer(token), payload });

      expect(
        (await t.app.inject({ method: 'POST', url: '/api/two-factor/setup', payload: {} })).statusCode,
      ).toBe(401);
      const missing = await setup(jwt, {});
      expect(missing.statusCode).toBe(400);
      expect(fields(missing)).toEqual(['password']);
      const refused = await setup(unconfirmed.jwt, { password: PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        name: 'ForbiddenError',
        details: { reason: 'email_unconfirmed' },
      });
      const wrong = await setup(jwt, { password: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(fields(wrong)).toEqual(['password']);
      const nothing = await t.db
        .selectFrom('two_factor_secrets')
        .select('user_id')
        .where('user_id', 'in', [user.id, unconfirmed.user.id])
        .execute();
      expect(nothing).toEqual([]);

      const ok = await setup(jwt, { password: PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.secret).toMatch(/^[A-Z2-7]{32}$/);
    });

    it('on and off each end every other session, keep the caller’s, and mail the owner a notice', async () => {
      const { jwt, user } = await registerUser(t.app);
      const other = await signIn(t.app, user.email);
      const secret = await enrol(jwt);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
      expect((await me(t.app, other)).statusCode).toBe(401);
      const on = lastMailTo(user.email);
      expect(on?.subject).toBe('DoseDot: two-step sign-in turned on');
      expect(on?.text).toContain(`${t.config.appUrl}/auth/not-me?token=`);

      // A second session, through the second step, then off from the first one.
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      const next = Math.floor(Date.now() / 30_000) * 30_000 + 30_000;
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa',
        payload: { mfaToken: first.json().mfaToken, code: authenticatorCode(secret, next) },
      });
      expect(second.statusCode, second.body).toBe(200);
      const phone = second.json().jwt as string;
      expect((await me(t.app, phone)).statusCode).toBe(200);

      const off = await t.app.inject({
        method: 'POST',
        url: '/api/two-factor/disable',
        headers: bearer(jwt),
        payload: { password: PASSWORD },
      });
      expect(off.statusCode).toBe(200);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
      expect((await me(t.app, phone)).statusCode).toBe(401);
      const offMail = lastMailTo(user.email);
      expect(offMail?.subject).toBe('DoseDot: two-step sign-in turned off');
      expect(notMeToken(offMail?.text ?? '')).not.toBe(notMeToken(on?.text ?? ''));
    });

    it('mails the notice in the profile’s language', async () => {
      const { jwt, user } = await registerUser(t.app, { language: 'de' });
      await enrol(jwt);
      const mail = lastMailTo(user.email);
      expect(mail?.subject).toBe('DoseDot: Anmeldung in zwei Schritten eingeschaltet');
      expect(mail?.text).toContain(`${t.config.appUrl}/de/auth/not-me?token=`);
    });
  });

  describe('POST /api/two-factor/not-me', () => {
    const notMe = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/two-factor/not-me', payload });

    it('answers 400 naming the token for a missing, unknown or used link, and changes nothing', async () => {
      const { jwt, user } = await registerUser(t.app);
      await enrol(jwt);
      const before = await tokenVersion(t, user.id);
      for (const payload of [{}, { token: '' }, { token: 'not-a-link-we-sent' }, { token: 'x', more: 1 }]) {
        const res = await notMe(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(fields(res).length, JSON.stringify(payload)).toBeGreaterThan(0);
      }
      const unknown = await notMe({ token: 'not-a-link-we-sent' });
      expect(fields(unknown)).toEqual(['token']);
      expect(await tokenVersion(t, user.id)).toEqual(before);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
    });

    it('removes the factor, ends every session, refuses the old password and leads to a new one, once', async () => {
      const { jwt, user } = await registerUser(t.app);
      const other = await signIn(t.app, user.email);
      await enrol(other);
      const token = notMeToken(lastMailTo(user.email)?.text ?? '');
      expect(token).not.toBe('');

      const res = await notMe({ token });
      expect(res.statusCode).toBe(200);
      const { resetCode } = res.json().data as { resetCode: string };
      expect(resetCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Every session ended, the caller of the change's too.
      expect((await me(t.app, jwt)).statusCode).toBe(401);
      expect((await me(t.app, other)).statusCode).toBe(401);
      const row = await tokenVersion(t, user.id);
      expect(row.two_factor).toBe(0);
      expect(
        await t.db
          .selectFrom('two_factor_secrets')
          .select('user_id')
          .where('user_id', '=', user.id)
          .execute(),
      ).toEqual([]);
      // The old password is of no use any more: whoever changed the factor knows it.
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      expect(old.statusCode).toBe(400);

      // The link is used up.
      const again = await notMe({ token });
      expect(again.statusCode).toBe(400);
      expect(fields(again)).toEqual(['token']);

      // The reset code of the answer sets a new password and signs in, without a second step.
      const NEW = 'my own new passphrase';
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { code: resetCode, password: NEW, passwordConfirmation: NEW },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toHaveProperty('jwt');
      expect((await me(t.app, reset.json().jwt)).statusCode).toBe(200);
      await signIn(t.app, user.email, NEW);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', String(user.id))
        .where('action', '=', 'two_factor.not_me')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({ change: 'enabled' });
    });

    it('refuses an expired link', async () => {
      const { jwt, user } = await registerUser(t.app);
      await enrol(jwt);
      const token = notMeToken(lastMailTo(user.email)?.text ?? '');
      await t.db
        .updateTable('two_factor_notices')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      const res = await notMe({ token });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['token']);
      expect((await me(t.app, jwt)).statusCode).toBe(200);
      expect((await tokenVersion(t, user.id)).two_factor).toBe(1);
    });
  });

  // Several server copies on one PostgreSQL database: a logout on one is refused by the other, whose
  // read cache had kept the answer "not ended" for that session. (One SQLite file has one server.)
  if (engine === 'postgres')
    it('a logout on one server copy is refused by another at once', async () => {
      const copy = await buildApp({ config: t.config, logger: false });
      await copy.ready();
      try {
        const { jwt } = await registerUser(t.app);
        // Both copies keep the session's answers in memory.
        for (let i = 0; i < 3; i++) {
          expect((await me(t.app, jwt)).statusCode).toBe(200);
          expect((await me(copy, jwt)).statusCode).toBe(200);
        }
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(jwt) })).statusCode,
        ).toBe(200);
        expect((await me(t.app, jwt)).statusCode).toBe(401);
        // The other copy hears of the write through the change notification.
        const deadline = Date.now() + 2000;
        let status = 200;
        while (Date.now() < deadline && status === 200) {
          status = (await me(copy, jwt)).statusCode;
          if (status === 200) await new Promise((r) => setTimeout(r, 10));
        }
        expect(status).toBe(401);
      } finally {
        await copy.close();
      }
    });
});
