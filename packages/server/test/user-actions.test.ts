import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config';
import type { Db } from '../src/db';
import { authenticatorCode, enrolTwoFactor } from './authenticator';
import {
  count,
  createTestApp,
  ENGINES,
  makeAdmin,
  memoryMailer,
  newBox,
  PASSWORD,
  registerUser,
  type TestApp,
} from './context';

/*
 * An administrator's actions on a user (issue 24 item 8): PUT /api/users/{id} {blocked} and {role},
 * POST /api/users/{id}/send-password-reset and /send-email-confirmation.
 */

/**
 * The clock stands still in these tests (only Date is faked) and only moves on: each test, and each
 * new code within a test, starts a few seconds into a time step no code was taken from yet.
 */
let lastStep = 0;
const nextStep = () => {
  lastStep = Math.max(lastStep + 1, Math.floor(Date.now() / 30_000) + 1);
  vi.setSystemTime(lastStep * 30_000 + 5_000);
};
const startClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  nextStep();
};

const LIMITS = { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 };

type Registered = Awaited<ReturnType<typeof registerUser>>;

const errorOf = (res: { json: () => unknown }) =>
  (
    res.json() as {
      error: {
        status: number;
        message: string;
        details: { reason?: string; errors?: { path: string[]; code?: string }[] };
      };
    }
  ).error;
const fields = (res: { json: () => unknown }) =>
  (errorOf(res).details.errors ?? []).map((e) => e.path.join('.'));

/** An administrator with two-step sign-in on: their secret for codes. */
async function adminWithTwoFactor(app: FastifyInstance, db: Db) {
  const reg = await registerUser(app, { username: 'Ada Admin' });
  await makeAdmin(db, reg.user.id);
  const { secret } = await enrolTwoFactor(app, reg);
  nextStep();
  return { ...reg, secret };
}

async function auditOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'user')
    .where('target_id', '=', String(userId))
    .where('action', 'like', 'user.%')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }));
}

const accessLog = async (app: FastifyInstance, who: Registered) =>
  (await app.inject({ url: '/api/profile/access-log', headers: who.auth })).json() as {
    data: { action: string; admin: { email: string } | null }[];
  };

const signIn = (app: FastifyInstance, email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/local', payload: { identifier: email, password } });

describe.each(ENGINES)('an administrator’s actions on a user on %s', (engine) => {
  let t: TestApp;
  const mailer = memoryMailer();
  let admin: Awaited<ReturnType<typeof adminWithTwoFactor>>;
  let plainAdmin: Registered;

  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: LIMITS }, mailer });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    startClock();
    admin ??= await adminWithTwoFactor(t.app, t.db);
    if (!plainAdmin) {
      plainAdmin = await registerUser(t.app, { username: 'Otto Admin' });
      await makeAdmin(t.db, plainAdmin.user.id);
    }
  });
  afterEach(() => vi.useRealTimers());

  const put = (who: { auth: Record<string, string> }, id: number, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: who.auth, payload: payload as object });
  const post = (who: { auth: Record<string, string> }, id: number | string, action: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/${id}/${action}`, headers: who.auth });

  it('answers 401 without a token and 403 to a patient, and changes nothing', async () => {
    const patient = await registerUser(t.app);
    const other = await registerUser(t.app);
    const audits = await count(t.db, 'audit_log');
    for (const res of [
      await t.app.inject({ method: 'PUT', url: `/api/users/${other.user.id}`, payload: { blocked: true } }),
      await t.app.inject({ method: 'POST', url: `/api/users/${other.user.id}/send-password-reset` }),
      await t.app.inject({ method: 'POST', url: `/api/users/${other.user.id}/send-email-confirmation` }),
    ])
      expect(res.statusCode).toBe(401);
    for (const res of [
      await put(patient, other.user.id, { blocked: true }),
      await put(patient, patient.user.id, { role: 'admin' }),
      await post(patient, other.user.id, 'send-password-reset'),
      await post(patient, other.user.id, 'send-email-confirmation'),
    ])
      expect(res.statusCode).toBe(403);
    expect(await count(t.db, 'audit_log')).toBe(audits);
    expect((await signIn(t.app, other.user.email)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input and 404 for an unknown user, writing nothing', async () => {
    const patient = await registerUser(t.app);
    const audits = await count(t.db, 'audit_log');
    const empty = await put(admin, patient.user.id, {});
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual(['blocked']);
    const notBoolean = await put(admin, patient.user.id, { blocked: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(fields(notBoolean)).toEqual(['blocked']);
    const badRole = await put(admin, patient.user.id, { role: 'superuser' });
    expect(badRole.statusCode).toBe(400);
    expect(fields(badRole)).toEqual(['role']);
    // Strapi's other fields are not taken here.
    const email = await put(admin, patient.user.id, { blocked: true, email: 'x@example.test' });
    expect(email.statusCode).toBe(400);
    expect(errorOf(email).message).toMatch(/email/);
    const badCode = await put(admin, patient.user.id, { role: 'admin', code: '12' });
    expect(badCode.statusCode).toBe(400);
    expect(fields(badCode)).toEqual(['code']);
    for (const res of [
      await put(admin, 0, { blocked: true }),
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/abc',
        headers: admin.auth,
        payload: { blocked: true },
      }),
      await post(admin, 'abc', 'send-password-reset'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['id']);
    }
    for (const res of [
      await put(admin, 2_000_000_000, { blocked: true }),
      await post(admin, 2_000_000_000, 'send-password-reset'),
      await post(admin, 2_000_000_000, 'send-email-confirmation'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('User not found');
    }
    expect(await count(t.db, 'audit_log')).toBe(audits);
    expect((await signIn(t.app, patient.user.email)).statusCode).toBe(200);
  });

  it('blocks a user: their tokens end at once, sign-in is refused; unblocking lets them sign in again', async () => {
    const patient = await registerUser(t.app, { username: 'Bea Blocked' });
    const second = await signIn(t.app, patient.user.email);
    const otherToken = { authorization: `Bearer ${second.json().jwt}` };
    expect((await t.app.inject({ url: '/api/profile/userdata', headers: patient.auth })).statusCode).toBe(
      200,
    );

    const blocked = await put(admin, patient.user.id, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    // Strapi's user, as /api/users/me has it.
    expect(blocked.json()).toMatchObject({
      id: patient.user.id,
      email: patient.user.email,
      blocked: true,
      confirmed: true,
      provider: 'local',
      meta: { role: 'basic' },
    });
    // Every token of the user, at once.
    for (const headers of [patient.auth, otherToken]) {
      expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/profile/userdata', headers })).statusCode).toBe(401);
    }
    // The Users list shows it.
    const listed = async () =>
      (
        await t.app.inject({
          url: `/api/profiles?filters[email][$containsi]=${encodeURIComponent(patient.user.email)}`,
          headers: admin.auth,
        })
      ).json().data as { attributes: { userid: number; blocked?: boolean } }[];
    expect((await listed()).map((e) => [e.attributes.userid, e.attributes.blocked])).toEqual([
      [patient.user.id, true],
    ]);
    const refused = await signIn(t.app, patient.user.email);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('Your account has been blocked by an administrator');
    // Blocking again changes nothing and writes nothing.
    const again = await put(admin, patient.user.id, { blocked: true });
    expect(again.statusCode).toBe(200);

    const unblocked = await put(admin, patient.user.id, { blocked: false });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().blocked).toBe(false);
    expect((await listed())[0]?.attributes.blocked).toBe(false);
    // The old tokens stay ended; a new sign-in works.
    expect((await t.app.inject({ url: '/api/users/me', headers: patient.auth })).statusCode).toBe(401);
    const back = await signIn(t.app, patient.user.email);
    expect(back.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${back.json().jwt}`, password: PASSWORD };

    const lines = await auditOf(t.db, patient.user.id);
    expect(lines.map((l) => l.action)).toEqual(['user.blocked', 'user.unblocked']);
    expect(lines[0]).toMatchObject({ actor_user_id: admin.user.id, ip: '127.0.0.1' });
    expect(lines[0]?.details).toMatchObject({ email: patient.user.email });

    // The user reads both in their access log, newest first, with who did it.
    const log = await accessLog(t.app, { ...patient, auth: { authorization: fresh.authorization } });
    expect(log.data.map((e) => e.action).slice(0, 2)).toEqual(['user.unblocked', 'user.blocked']);
    expect(log.data[0]?.admin?.email).toBe(admin.user.email);
  });

  it('never lets an administrator block themselves', async () => {
    const res = await put(admin, admin.user.id, { blocked: true });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).details.reason).toBe('self_block');
    expect(errorOf(res).details.errors?.[0]).toMatchObject({ path: ['blocked'], code: 'self_block' });
    expect((await t.app.inject({ url: '/api/users/me', headers: admin.auth })).json().blocked).toBe(false);
    expect(await auditOf(t.db, admin.user.id)).toEqual([]);
  });

  it('sends the forgot-password mail; its link sets a new password; a blocked user gets none', async () => {
    const patient = await registerUser(t.app, { username: 'Rita Reset' });
    const before = mailer.sent.length;
    const res = await post(admin, patient.user.id, 'send-password-reset');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: patient.user.email, sent: true });
    await vi.waitFor(() => expect(mailer.sent.length).toBe(before + 1));
    const mail = mailer.sent.at(-1);
    expect(mail?.to).toBe(patient.user.email);
    const code = mail?.text.match(/\/auth\/reset-password\?code=([\w-]+)/)?.[1];
    expect(code).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { code, password: 'a brand new secret', passwordConfirmation: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await auditOf(t.db, patient.user.id)).map((l) => l.action)).toEqual(['user.password_reset_sent']);
    const back = await signIn(t.app, patient.user.email, 'a brand new secret');
    const log = await accessLog(t.app, { ...patient, auth: { authorization: `Bearer ${back.json().jwt}` } });
    expect(log.data.map((e) => e.action)).toContain('user.password_reset_sent');

    await put(admin, patient.user.id, { blocked: true });
    const refused = await post(admin, patient.user.id, 'send-password-reset');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).details.reason).toBe('blocked');
    expect(mailer.sent.length).toBe(before + 1);
  });

  it('resends the confirmation to an unconfirmed address, and not to a confirmed one', async () => {
    const unconfirmed = await registerUser(t.app, { username: 'Uwe Unconfirmed' }, { confirm: false });
    const before = mailer.sent.length;
    const res = await post(admin, unconfirmed.user.id, 'send-email-confirmation');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: unconfirmed.user.email, sent: true });
    await vi.waitFor(() => expect(mailer.sent.length).toBe(before + 1));
    const token = mailer.sent.at(-1)?.text.match(/email-confirmation\?confirmation=([\w-]+)/)?.[1];
    expect(mailer.sent.at(-1)?.to).toBe(unconfirmed.user.email);
    const confirmed = await t.app.inject({ url: `/api/auth/email-confirmation?confirmation=${token}` });
    expect(confirmed.statusCode).toBe(200);
    expect((await auditOf(t.db, unconfirmed.user.id)).map((l) => l.action)).toEqual([
      'user.confirmation_sent',
    ]);
    const log = await accessLog(t.app, unconfirmed);
    expect(log.data.map((e) => e.action)).toContain('user.confirmation_sent');

    const again = await post(admin, unconfirmed.user.id, 'send-email-confirmation');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).details.reason).toBe('already_confirmed');
    expect(mailer.sent.length).toBe(before + 1);
  });

  it('changes the role only with the acting administrator’s second factor', async () => {
    const patient = await registerUser(t.app, { username: 'Paul Promoted' });
    // An administrator without two-step sign-in is told to turn it on first.
    const without = await put(plainAdmin, patient.user.id, { role: 'admin', code: '123456' });
    expect(without.statusCode).toBe(403);
    expect(errorOf(without).details.reason).toBe('two_factor_required');
    const missing = await put(admin, patient.user.id, { role: 'admin' });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['code']);
    const wrong = authenticatorCode(admin.secret) === '000000' ? '111111' : '000000';
    const wrongRes = await put(admin, patient.user.id, { role: 'admin', code: wrong });
    expect(wrongRes.statusCode).toBe(400);
    expect(fields(wrongRes)).toEqual(['code']);
    // Nothing changed so far.
    expect((await t.app.inject({ url: '/api/profiles', headers: patient.auth })).statusCode).toBe(403);
    expect(await auditOf(t.db, patient.user.id)).toEqual([]);

    const promoted = await put(admin, patient.user.id, {
      role: 'admin',
      code: authenticatorCode(admin.secret),
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().meta.role).toBe('admin');
    // At once, with the token they have.
    expect((await t.app.inject({ url: '/api/profiles', headers: patient.auth })).statusCode).toBe(200);
    const profile = await t.db
      .selectFrom('profiles')
      .select('profiletype')
      .where('user_id', '=', patient.user.id)
      .executeTakeFirstOrThrow();
    expect(profile.profiletype).toBe('admin');
    // The same code is not taken twice.
    const replay = await put(admin, patient.user.id, {
      role: 'basic',
      code: authenticatorCode(admin.secret),
    });
    expect(replay.statusCode).toBe(400);
    nextStep();
    const demoted = await put(admin, patient.user.id, {
      role: 'basic',
      code: authenticatorCode(admin.secret),
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().meta.role).toBe('basic');
    expect((await t.app.inject({ url: '/api/profiles', headers: patient.auth })).statusCode).toBe(403);

    const lines = await auditOf(t.db, patient.user.id);
    expect(lines.map((l) => l.action)).toEqual(['user.made_admin', 'user.made_patient']);
    expect(lines[0]?.details).toMatchObject({ previousRole: 'basic', role: 'admin' });
    const log = await accessLog(t.app, patient);
    expect(log.data.map((e) => e.action).slice(0, 2)).toEqual(['user.made_patient', 'user.made_admin']);
  });

  it('makes only a user without a box an administrator', async () => {
    const patient = await registerUser(t.app, { username: 'Holger Holder' });
    const sensorId = await newBox(t.db, {
      deveui: `A8400000${patient.user.id.toString(16).padStart(8, '0')}`.toUpperCase(),
      createdAt: Date.now(),
    });
    await t.db
      .updateTable('profiles')
      .set({ sensor_id: sensorId })
      .where('user_id', '=', patient.user.id)
      .execute();
    const res = await put(admin, patient.user.id, { role: 'admin', code: authenticatorCode(admin.secret) });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).details.reason).toBe('holds_box');
    expect((await t.app.inject({ url: '/api/users/me', headers: patient.auth })).json().meta.role).toBe(
      'basic',
    );
    expect(await auditOf(t.db, patient.user.id)).toEqual([]);
  });
});

describe.each(ENGINES)('the last administrator on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: LIMITS } });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    startClock();
  });
  afterEach(() => vi.useRealTimers());

  it('is never demoted or blocked, while another active administrator makes it possible', async () => {
    const only = await adminWithTwoFactor(t.app, t.db);
    const demoteSelf = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${only.user.id}`,
        headers: only.auth,
        payload: { role: 'basic', code: authenticatorCode(only.secret) },
      });
    const alone = await demoteSelf();
    expect(alone.statusCode).toBe(409);
    expect(errorOf(alone).details.reason).toBe('last_admin');
    expect(errorOf(alone).message).toMatch(/last administrator/);
    expect(fields(alone)).toEqual(['role']);

    // A second administrator who is blocked does not count.
    const second = await registerUser(t.app, { username: 'Sara Second' });
    await makeAdmin(t.db, second.user.id);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${second.user.id}`,
      headers: only.auth,
      payload: { blocked: true },
    });
    expect(block.statusCode).toBe(200);
    nextStep();
    expect((await demoteSelf()).statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/profiles', headers: only.auth })).statusCode).toBe(200);

    // Once the other administrator can sign in again, the first may step down.
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${second.user.id}`,
      headers: only.auth,
      payload: { blocked: false },
    });
    nextStep();
    const down = await demoteSelf();
    expect(down.statusCode).toBe(200);
    expect(down.json().meta.role).toBe('basic');
    expect((await t.app.inject({ url: '/api/profiles', headers: only.auth })).statusCode).toBe(403);
  });
});

describe.each(ENGINES)('two administrators demoting each other at once on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { limits: LIMITS } });
  });
  afterAll(async () => t?.close());
  beforeEach(() => startClock());
  afterEach(() => vi.useRealTimers());

  it('leaves one administrator: the second change finds the other already a patient', async () => {
    const a = await adminWithTwoFactor(t.app, t.db);
    const b = await adminWithTwoFactor(t.app, t.db);
    const demote = (by: typeof a, whom: typeof b) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${whom.user.id}`,
        headers: by.auth,
        payload: { role: 'basic', code: authenticatorCode(by.secret) },
      });
    const answers = await Promise.all([demote(a, b), demote(b, a)]);
    // One change wins. The other is refused either inside its transaction (409: the target is the
    // last administrator) or, when the first has committed before its request is let in, at the
    // door (403: its sender is no longer an administrator); which one is a matter of timing.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect([403, 409]).toContain(refused.statusCode);
      if (refused.statusCode === 409) expect(errorOf(refused).details.reason).toBe('last_admin');
    }
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('blocked', '=', 0)
      .execute();
    expect(admins).toHaveLength(1);
  });
});
