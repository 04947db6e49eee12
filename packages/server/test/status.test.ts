import { describe, expect, it } from 'vitest';
import { createPinger } from '../src/features/status/queries';
import { createTestApp, ENGINES, useTestApp } from './context';

/** GET /api/health (public) and the OpenAPI description at /api/docs. */
describe.each(ENGINES)('status and API description on %s', (engine) => {
  const t = useTestApp(engine);

  it('GET /api/health answers ok with the database reachable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('describes the API as OpenAPI at /api/docs, generated from the zod contract', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/local', '/api/users/me', '/api/health']),
    );
    expect(doc.paths['/api/auth/local'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['identifier', 'password'],
    );
  });
});

describe('the health ping', () => {
  it('answers 503 in the API error shape when the database is gone', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.db.destroy();
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: { status: 503, name: 'ServiceUnavailableError', message: 'Database unreachable' },
      });
    } finally {
      await t.close();
    }
  });

  it('asks the database once per second, shares a ping under way, and never keeps a failure', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    let release: () => void = () => {};
    const ping = createPinger(
      () => {
        calls++;
        if (fail) return Promise.reject(new Error('down'));
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { reuseMs: 1000, now: () => clock },
    );
    const first = ping();
    const second = ping();
    expect(second).toBe(first);
    release();
    await first;
    expect(calls).toBe(1);
    clock = 999;
    expect(ping()).toBeUndefined();
    expect(calls).toBe(1);

    clock = 1000;
    fail = true;
    await expect(ping()).rejects.toThrow('down');
    await expect(ping()).rejects.toThrow('down');
    expect(calls).toBe(3);

    fail = false;
    const recovered = ping();
    release();
    await recovered;
    expect(calls).toBe(4);
    expect(ping()).toBeUndefined();
  });
});
