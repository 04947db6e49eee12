import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scope } from '../src/plugins/access';
import type { AccessScope } from '../src/policies';
import { ENGINES, makeAdmin, registerUser, uniqueEmail, useTestApp } from './context';

const HEALTH_EMAIL = uniqueEmail('health');
const INGEST_TOKEN = 'a-long-enough-ingest-secret';

/** One probe route per scope, with a body schema, to show the check runs before validation. */
function probes(app: FastifyInstance) {
  for (const name of ['public', 'signedIn', 'admin', 'healthData', 'ingest'] as AccessScope[]) {
    void app.register(
      scope(name, async (r) => {
        r.post(
          `/api/test-only/${name}`,
          { schema: { body: z.strictObject({ n: z.number() }) } },
          async (request) => ({ scope: name, user: request.currentUser?.id ?? null }),
        );
      }),
    );
  }
}

const body = { n: 1 };

describe.each(ENGINES)('access scopes on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL, INGEST_TOKEN },
    routes: probes,
  });
  const call = (name: AccessScope, headers: Record<string, string> = {}, payload: unknown = body) =>
    t.app.inject({ method: 'POST', url: `/api/test-only/${name}`, headers, payload: payload as object });

  it('public: anyone, and the body is validated', async () => {
    expect((await call('public')).json()).toEqual({ scope: 'public', user: null });
    expect((await call('public', {}, { n: 'x' })).statusCode).toBe(400);
  });

  it('signed-in scopes answer 401 without a token or with a bad one, before looking at the body', async () => {
    for (const name of ['signedIn', 'admin', 'healthData'] as const) {
      const none = await call(name, {}, { wrong: true });
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
      expect((await call(name, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    }
  });

  it('signedIn: any valid user; a 400 only once signed in', async () => {
    const { auth, user } = await registerUser(t.app);
    expect((await call('signedIn', auth, { n: 'x' })).statusCode).toBe(400);
    expect((await call('signedIn', auth)).json()).toEqual({ scope: 'signedIn', user: user.id });
  });

  it('admin: 403 for a patient, 200 for an administrator', async () => {
    const patient = await registerUser(t.app);
    const res = await call('admin', patient.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ status: 403, name: 'ForbiddenError' });
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    expect((await call('admin', admin.auth)).statusCode).toBe(200);
  });

  it('healthData: 403 for anyone not listed (an admin included), 200 for a listed address', async () => {
    const patient = await registerUser(t.app);
    expect((await call('healthData', patient.auth)).statusCode).toBe(403);
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    expect((await call('healthData', admin.auth)).statusCode).toBe(403);
    const listed = await registerUser(t.app, { email: HEALTH_EMAIL.toUpperCase() });
    expect((await call('healthData', listed.auth)).statusCode).toBe(200);
  });

  it('ingest: only the shared secret, never a user token', async () => {
    const user = await registerUser(t.app);
    await makeAdmin(t.db, user.user.id);
    expect((await call('ingest')).statusCode).toBe(401);
    expect((await call('ingest', user.auth)).statusCode).toBe(401);
    expect((await call('ingest', { authorization: `Bearer ${INGEST_TOKEN}x` })).statusCode).toBe(401);
    expect((await call('ingest', { authorization: INGEST_TOKEN })).statusCode).toBe(401);
    expect((await call('ingest', { authorization: `Bearer ${INGEST_TOKEN}` })).json()).toEqual({
      scope: 'ingest',
      user: null,
    });
  });
});

describe('ingest scope without INGEST_TOKEN', () => {
  const t = useTestApp('sqlite', { routes: probes });
  it('refuses every call, whatever token is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/ingest',
      headers: { authorization: 'Bearer ' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/INGEST_TOKEN/);
  });
});
