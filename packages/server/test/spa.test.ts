import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './context';

/** A built web app in a temp folder: index.html, a hashed asset big enough to compress, an icon. */
function fakeWebBuild(): string {
  const web = mkdtempSync(path.join(tmpdir(), 'dosedot-web-'));
  mkdirSync(path.join(web, 'assets'));
  // The page with the boot script and without it, and the pages that get it (vite.config.ts, bootScript).
  const boot = '<script type="module" src="/assets/boot-q1.js"></script>';
  writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><title>DoseDot Web</title>${boot}<div id="root"></div>`,
  );
  writeFileSync(
    path.join(web, 'index-no-boot.html'),
    '<!doctype html><title>DoseDot Web</title><div id="root"></div>',
  );
  writeFileSync(path.join(web, 'boot-pages.json'), JSON.stringify(['/dashboard', '/my-medicine']));
  writeFileSync(
    path.join(web, 'assets', 'index-abc123.js'),
    `console.log("app");\n${'// padding\n'.repeat(400)}`,
  );
  // The build's precompressed copy (packages/web/vite.config.ts), told apart by its text.
  writeFileSync(
    path.join(web, 'assets', 'chunk-def456.js'),
    `console.log("plain");\n${'// padding\n'.repeat(400)}`,
  );
  writeFileSync(
    path.join(web, 'assets', 'chunk-def456.js.br'),
    brotliCompressSync(`console.log("precompressed");\n${'// padding\n'.repeat(400)}`),
  );
  writeFileSync(path.join(web, 'assets', 'signin-Xy_9z.js'), 'console.log("sign-in");');
  // What the build writes for the most opened pages (packages/web/vite.config.ts, pagePreloads).
  const signIn = ['/assets/signin-Xy_9z.js'];
  writeFileSync(
    path.join(web, 'page-preloads.json'),
    JSON.stringify({
      '/': signIn,
      '/auth/signin': signIn,
      '/auth/signup': signIn,
      '/auth/forgot-password': signIn,
      '/dashboard': ['/assets/private-a1.js', '/assets/dashboard-b2.js'],
      '/my-medicine': ['/assets/private-a1.js', '/assets/medicines-c3.js'],
      '/profile': [],
    }),
  );
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return web;
}

describe.each(ENGINES)('the web app served on %s', (engine) => {
  const web = fakeWebBuild();
  const t = useTestApp(engine, { config: { webDist: web } });
  afterAll(() => rmSync(web, { recursive: true, force: true }));

  it('serves the web app with history fallback, long-cache hashed assets and security headers', async () => {
    const page = await t.app.inject({ url: '/de/dashboard/weekly?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // WebAssembly of our own origin (the eMediplan QR reader), and still no eval of JavaScript.
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
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

  it("asks the browser to preload the sign-in's chunk on the auth pages only", async () => {
    for (const url of ['/auth/signin', '/de/auth/signup', '/fr/auth/forgot-password?x=1', '/', '/de']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, url).toBe('</assets/signin-Xy_9z.js>; rel=modulepreload');
    }
    for (const url of ['/dashboard', '/de/my-medicine', '/profile']) {
      const res = await t.app.inject({ url });
      expect(res.headers.link ?? '', url).not.toContain('signin');
    }
  });

  it("asks the browser to preload the most opened pages' chunks with the page, in every language", async () => {
    const dashboard =
      '</assets/private-a1.js>; rel=modulepreload, </assets/dashboard-b2.js>; rel=modulepreload';
    for (const url of ['/dashboard', '/de/dashboard', '/fr/dashboard?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, url).toBe(dashboard);
    }
    expect((await t.app.inject({ url: '/de/my-medicine' })).headers.link).toBe(
      '</assets/private-a1.js>; rel=modulepreload, </assets/medicines-c3.js>; rel=modulepreload',
    );
    // A page without chunks of its own, or not in the list, or a longer address: nothing.
    for (const url of ['/profile', '/dashboard/other', '/deutsch/dashboard', '/caregiving']) {
      expect((await t.app.inject({ url })).headers.link, url).toBeUndefined();
    }
  });

  it('sends the boot script with the pages it asks for first reads on only, in every language', async () => {
    for (const url of ['/dashboard', '/de/dashboard?x=1', '/fr/my-medicine']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('/assets/boot-q1.js');
    }
    for (const url of ['/', '/auth/signin', '/de/auth/signin', '/profile', '/dashboard/other', '/unknown']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).not.toContain('boot-q1');
    }
  });

  it("sends the build's brotli copy of an asset as it is, with the same long cache", async () => {
    const res = await t.app.inject({
      url: '/assets/chunk-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log("precompressed")');
    // A browser that takes neither gets the plain file.
    const plain = await t.app.inject({ url: '/assets/chunk-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("plain")');
  });

  it('answers a missing asset with a 404, never with the page (a stale chunk must fail to load)', async () => {
    for (const url of ['/assets/index-old999.js', '/missing.css']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });
});
