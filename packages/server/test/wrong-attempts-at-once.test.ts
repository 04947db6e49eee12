import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config';
import { authenticatorCode, enrolTwoFactor } from './authenticator';
import { ENGINES, makeAdmin, PASSWORD, registerUser, useTestApp } from './context';

/*
 * Wrong codes and wrong passwords count per account: after the limit (5 in 15 minutes) every attempt
 * is refused with 429, even the right one, until the window ends. Attempts sent all at once must be
 * counted one by one, as the sign-in's are (rate-limit.test.ts): of 20 wrong ones at once, no more
 * than the limit are checked, and the rest answered with the limit's 429.
 */

const LIMITS = { ...DEFAULT_LIMITS, authPerIpPerMinute: 10_000 };
const LIMIT = LIMITS.loginFailuresPerAddress;
const AT_ONCE = 20;
/** Each test hashes passwords (a fifth of a second each, more on a busy machine). */
const SLOW = 60_000;

type Answer = LightMyRequestResponse;
const fieldsOf = (res: Answer) =>
  (
    (res.json() as { error: { details?: { errors?: { path: string[] }[] } } }).error.details?.errors ?? []
  ).map((e) => e.path.join('.'));

/** Sends the same attempt AT_ONCE times at the same moment. */
const atOnce = (send: () => Promise<Answer>) => Promise.all(Array.from({ length: AT_ONCE }, send));

/** The limit's worth checked and refused as wrong (400 naming the field), the rest refused with 429. */
function expectLimited(answers: Answer[], field: string) {
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(AT_ONCE - LIMIT);
  for (const wrong of answers.filter((a) => a.statusCode === 400)) expect(fieldsOf(wrong)).toEqual([field]);
  for (const limited of answers.filter((a) => a.statusCode === 429))
    expect(limited.json().error.name).toBe('RateLimitError');
}

/** A well-formed code that is none of the steps around now. */
const wrongCode = (secret: string) => {
  const near = [-30_000, 0, 30_000].map((d) => authenticatorCode(secret, Date.now() + d));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) ?? '444444';
};

describe.each(ENGINES)(`${AT_ONCE} wrong attempts sent at once on %s`, (engine) => {
  const t = useTestApp(engine, { config: { limits: LIMITS } });

  async function withTwoFactor() {
    const reg = await registerUser(t.app);
    const { secret } = await enrolTwoFactor(t.app, reg);
    // The enrolment took the current step's code: the next one is the step after (in the window).
    return { ...reg, secret, nextCode: () => authenticatorCode(secret, Date.now() + 30_000) };
  }

  it(
    'checks no more than the limit of codes at the second step of a sign-in; then the right code is 429',
    async () => {
      const { user, secret, nextCode } = await withTwoFactor();
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/local',
        payload: { identifier: user.email, password: PASSWORD },
      });
      const { mfaToken } = signIn.json() as { mfaToken: string };
      const secondStep = (code: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/2fa', payload: { mfaToken, code } });
      expectLimited(await atOnce(() => secondStep(wrongCode(secret))), 'code');
      expect((await secondStep(nextCode())).statusCode).toBe(429);
    },
    SLOW,
  );

  it(
    'checks no more than the limit of passwords for new recovery codes; then the right one is 429',
    async () => {
      const { auth } = await withTwoFactor();
      const regenerate = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/two-factor/recovery-codes',
          headers: auth,
          payload: { password },
        });
      expectLimited(await atOnce(() => regenerate('not the password')), 'password');
      expect((await regenerate(PASSWORD)).statusCode).toBe(429);
    },
    SLOW,
  );

  it(
    'checks no more than the limit of codes for a role change; then the right code is 429',
    async () => {
      const admin = await withTwoFactor();
      await makeAdmin(t.db, admin.user.id);
      const patient = await registerUser(t.app);
      const promote = (code: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${patient.user.id}`,
          headers: admin.auth,
          payload: { role: 'admin', code },
        });
      expectLimited(await atOnce(() => promote(wrongCode(admin.secret))), 'code');
      expect((await promote(admin.nextCode())).statusCode).toBe(429);
      const role = await t.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', patient.user.id)
        .executeTakeFirst();
      expect(role?.role).toBe('basic');
    },
    SLOW,
  );

  it(
    'checks no more than the limit of passwords for an account deletion; then the right one is 429',
    async () => {
      const { user, auth } = await registerUser(t.app);
      const remove = (password: string) =>
        t.app.inject({ method: 'DELETE', url: '/api/account', headers: auth, payload: { password } });
      expectLimited(await atOnce(() => remove('not the password')), 'password');
      expect((await remove(PASSWORD)).statusCode).toBe(429);
      expect(
        await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
      ).toBeDefined();
    },
    SLOW,
  );

  it(
    'checks no more than the limit of current passwords for a password change; then the right one is 429',
    async () => {
      const { auth } = await registerUser(t.app);
      const NEW = 'a fresh and long passphrase';
      const change = (currentPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: auth,
          payload: { currentPassword, password: NEW, passwordConfirmation: NEW },
        });
      expectLimited(await atOnce(() => change('not my password')), 'currentPassword');
      expect((await change(PASSWORD)).statusCode).toBe(429);
    },
    SLOW,
  );
});
