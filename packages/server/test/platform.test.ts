import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { count, createTestApp, ENGINES, registerUser, type TestApp } from './context';

const errorOf = (res: { json: () => { error: unknown } }) => res.json().error;

describe.each(ENGINES)('platform behaviour on %s', (engine) => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'dosedot-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>DoseDot Web</title><div id="root"></div>',
    );
    writeFileSync(
      path.join(web, 'assets', 'index-abc123.js'),
      `console.log("app");\n${'// padding\n'.repeat(400)}`,
    );
    writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(engine, { env: {} });
    await t.app.close();
    // Rebuild with a web folder (createTestApp builds without one).
    const { buildApp } = await import('../src/app');
    const app = await buildApp({ config: { ...t.config, webDist: web }, db: t.db, logger: false });
    app.get('/api/test-only/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    await app.ready();
    t = { ...t, app };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('GET /api/health answers ok with the database reachable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
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

  it('answers 401 on a private route without a token and 403-style errors in the same shape', async () => {
    const res = await t.app.inject({ url: '/api/profile/userdata' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ status: 401, name: 'UnauthorizedError' });
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

  it('serves the web app with history fallback, long-cache hashed assets and security headers', async () => {
    const page = await t.app.inject({ url: '/de/dashboard/weekly?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // Scripts travel compressed when the browser accepts it.
    const zipped = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('console.log("app")');

    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404, never with the page (a stale chunk must fail to load)', async () => {
    for (const url of ['/assets/index-old999.js', '/missing.css']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });
});

describe.each(ENGINES)('profile routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('updates the own dark flag, language and time zone', async () => {
    const { auth } = await registerUser(t.app, { username: 'Dora Dark' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: { is_dark: true, language: 'fr', timezone: 'America/New_York' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_dark: true,
      language: 'fr',
      timezone: 'America/New_York',
      givenname: 'Dora',
    });
    const again = await t.app.inject({ url: '/api/profile/userdata', headers: auth });
    expect(again.json()).toMatchObject({ is_dark: true, language: 'fr' });
  });

  it.each([
    [{ is_dark: 'yes' }, ['is_dark']],
    [{ language: 'es' }, ['language']],
    [{ timezone: 'Mars/Olympus' }, ['timezone']],
    [{ profiletype: 'admin' }, ['profiletype']],
    [{ givenname: '' }, ['givenname']],
  ])('answers 400 naming the field for %j and changes nothing', async (payload, expected) => {
    const { auth } = await registerUser(t.app, { username: 'Paula Plain' });
    const before = (await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json();
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/userdata', headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(
      expected,
    );
    expect((await t.app.inject({ url: '/api/profile/userdata', headers: auth })).json()).toEqual(before);
  });

  it('refuses an empty update', async () => {
    const { auth } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a token and changes no profile', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      payload: { is_dark: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('writes the reset message to data/outbox so a local user can follow the link', async () => {
    const { user } = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const outbox = path.join(t.config.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      try {
        files = readdirSync(outbox);
      } catch {}
    }
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(text).toContain(`To: ${user.email}`);
    expect(text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?code=[\w-]{43}/);
  });
});
