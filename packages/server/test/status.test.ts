import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './context';

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
