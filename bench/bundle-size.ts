import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { startDoseDot } from './lib/processes';

/** Issue 25 item 6: gzip KB of JavaScript a page may load, per page measured. */
export const BUDGETS_KB = { '/auth/signin': 150, '/dashboard': 200 } as const;

export interface PageWeight {
  page: string;
  /** Who looks at it: nobody (signed out), the demo patient or the demo administrator. */
  as: 'guest' | 'patient' | 'admin';
  files: number;
  rawKb: number;
  gzipKb: number;
}

/** The page's budget in gzip KB. */
export const budgetOf = (w: PageWeight): number => BUDGETS_KB[w.page as keyof typeof BUDGETS_KB];

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The JavaScript a real Chromium loads for a page of the built app, served by the real server:
 * every script response is counted once, gzip-compressed at the default level.
 */
export async function measureBundles(): Promise<PageWeight[]> {
  const server = await startDoseDot({ LOG_LEVEL: 'warn' });
  const base = server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const tokenOf = async (role: 'patient' | 'admin') => {
      // The demo patient is Anna Muster (English), the administrator Alex Admin.
      const account = DEMO_ACCOUNTS.find((a) => a.key === (role === 'admin' ? 'admin' : 'anna'));
      const login = await fetch(`${base}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: account?.email, password: account?.password }),
      });
      if (!login.ok) throw new Error(`the demo ${role} could not sign in: ${login.status}`);
      return ((await login.json()) as { jwt: string }).jwt;
    };
    const results: PageWeight[] = [];
    // The dashboard as the demo patient (the page patients open most) and as the administrator.
    for (const [page, as] of [
      ['/auth/signin', 'guest'],
      ['/dashboard', 'patient'],
      ['/dashboard', 'admin'],
    ] as const) {
      const context = await browser.newContext({ locale: 'en-US' });
      if (as !== 'guest') {
        const jwt = await tokenOf(as);
        await context.addInitScript((token) => {
          localStorage.setItem(
            'dosedot.session',
            JSON.stringify({ state: { token, impersonating: null }, version: 0 }),
          );
        }, jwt);
      }
      const tab = await context.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      tab.on('response', (res) => {
        if (res.request().resourceType() === 'script' && !scripts.has(res.url()))
          scripts.set(res.url(), res.body());
      });
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      if (!tab.url().endsWith(page)) throw new Error(`${page} ended on ${tab.url()}`);
      const bodies = await Promise.all(scripts.values());
      if (process.env.BENCH_VERBOSE) {
        [...scripts.keys()].forEach((url, i) => {
          const body = bodies[i];
          if (body) console.log(page, as, gzipSync(body).length, url.replace(base, ''));
        });
      }
      results.push({
        page,
        as,
        files: bodies.length,
        rawKb: kb(bodies.reduce((sum, b) => sum + b.length, 0)),
        gzipKb: kb(bodies.reduce((sum, b) => sum + gzipSync(b).length, 0)),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
