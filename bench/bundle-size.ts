import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { startDoseDot } from './lib/processes';

export const SIGNIN_BUDGET_KB = 250;

export interface PageWeight {
  page: string;
  files: number;
  rawKb: number;
  gzipKb: number;
}

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
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: admin?.email, password: admin?.password }),
    });
    const { jwt } = (await login.json()) as { jwt: string };
    const results: PageWeight[] = [];
    for (const [page, signedIn] of [
      ['/auth/signin', false],
      ['/dashboard', true],
    ] as const) {
      const context = await browser.newContext({ locale: 'en-US' });
      if (signedIn) {
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
          if (body) console.log(page, gzipSync(body).length, url.replace(base, ''));
        });
      }
      results.push({
        page,
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
