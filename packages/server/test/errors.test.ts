import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { count, ENGINES, useTestApp } from './context';

const errorOf = (res: { json: () => { error: unknown } }) => res.json().error;

/** Every failure is Strapi's JSON error shape (plugins/errors.ts), and nothing is written. */
describe.each(ENGINES)('error answers on %s', (engine) => {
  const t = useTestApp(engine, {
    routes: (app) => {
      app.get('/api/test-only/boom', async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
    },
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(errorOf(res)).toMatchObject({ status: 404, name: 'NotFoundError' });
  });

  it('answers a wrong method on an /api path with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({ status: 404 });
  });

  it('answers malformed JSON with a 400 and writes nothing', async () => {
    const before = await count(t.db, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "A", "email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      status: 400,
      name: 'ValidationError',
      message: 'Malformed JSON in request body',
    });
    expect(await count(t.db, 'users')).toBe(before);
  });

  it('refuses a compressed body (never unpacked: a small gzip can unpack to gigabytes) and writes nothing', async () => {
    const before = await count(t.db, 'users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(
        JSON.stringify({ username: 'Zip Per', email: 'zip@example.test', password: 'long enough pass' }),
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(await count(t.db, 'users')).toBe(before);
  });

  it('answers an oversized body with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: 'x'.repeat(BODY_LIMIT_BYTES),
        email: 'a@b.test',
        password: 'long enough',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toMatchObject({ status: 413, name: 'PayloadTooLargeError' });
  });

  it('answers a crash with a 500 that holds no stack trace or internals', async () => {
    const res = await t.app.inject({ url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      data: null,
      error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
    });
    expect(res.body).not.toContain('secret internals');
  });

  it('keeps CORS closed: no allow-origin for another site', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/local',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
