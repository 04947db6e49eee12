import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, createTestApp, ENGINES, PASSWORD, registerUser, type TestApp, uniqueEmail } from './context';

/** A real SMTP server on a free local port that keeps every message it receives. */
async function startSmtp() {
  const messages: { to: string[]; raw: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const next = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no e-mail arrived')), 5000);
      const check = () => {
        if (messages.length < n) return void waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      check();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The text of a quoted-printable message body. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The reset code out of a received message. */
function codeFrom(raw: string): string {
  const text = decodeQuotedPrintable(raw);
  const match = text.match(/\/auth\/reset-password\?code=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in:\n${raw}`);
  return match[1];
}

describe.each(ENGINES)('password reset over real SMTP on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, APP_URL: 'https://dosedot.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  /** Registers a user and waits for the confirmation e-mail, so the counts below are the reset's. */
  const registered = async (overrides: Parameters<typeof registerUser>[1] = {}) => {
    const before = smtp.messages.length;
    const user = await registerUser(t.app, overrides);
    await smtp.next(before + 1);
    return user;
  };

  it('mails a single-use link; the new password works and every old token is signed out', async () => {
    const { user, auth } = await registered({ language: 'de' });
    const sentBefore = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await smtp.next(sentBefore + 1);
    const mail = smtp.messages[sentBefore];
    expect(mail?.to).toEqual([user.email]);
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain('Passwort_zurücksetzen');
    expect(text).toContain('https://dosedot.example/de/auth/reset-password?code=');
    expect(text).toContain('Der Link ist eine Stunde lang gültig');
    const code = codeFrom(mail?.raw ?? '');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'a brand new secret', passwordConfirmation: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.id).toBe(user.id);

    // The old token is dead, the new one lives.
    expect((await t.app.inject({ url: '/api/users/me', headers: auth })).statusCode).toBe(401);
    const fresh = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${reset.json().jwt}` },
    });
    expect(fresh.statusCode).toBe(200);

    // Old password refused, new one accepted.
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: user.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: user.email, password: 'a brand new secret' },
    });
    expect(newLogin.statusCode).toBe(200);

    // The code works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'yet another secret', passwordConfirmation: 'yet another secret' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details.errors[0].path).toEqual(['code']);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = [smtp.messages.length, await count(t.db, 'password_resets')];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 200));
    expect([smtp.messages.length, await count(t.db, 'password_resets')]).toEqual(before);
  });

  it('refuses an expired code', async () => {
    const { user } = await registered();
    const sentBefore = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await smtp.next(sentBefore + 1);
    const code = codeFrom(smtp.messages[sentBefore]?.raw ?? '');
    // One hour and a second later.
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', user.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'a brand new secret', passwordConfirmation: 'a brand new secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Incorrect code provided');
  });

  it('keeps the reset code valid for one hour', async () => {
    const { user } = await registered();
    const before = Date.now();
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const row = await t.db
      .selectFrom('password_resets')
      .select(['expires_at', 'code_hash'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(row.expires_at - before).toBeLessThanOrEqual(3600_000 + 1000);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [
      { code: 'x', password: 'a brand new secret', passwordConfirmation: 'different secret' },
      ['passwordConfirmation'],
    ],
    [{ code: 'x', password: 'short', passwordConfirmation: 'short' }, ['password']],
    [{ password: 'a brand new secret', passwordConfirmation: 'a brand new secret' }, ['code']],
  ])('answers 400 naming the field for %j', async (payload, expected) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(
      expected,
    );
  });

  it('answers 400 for a malformed forgot-password address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors[0].path).toEqual(['email']);
  });
});
