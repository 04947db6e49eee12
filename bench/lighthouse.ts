import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer from 'puppeteer-core';
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo';
import { startDoseDot } from './lib/processes';

/** The targets of issue 23 item 12 for a cold load on a phone. */
export const COLD_START_TARGETS = {
  performance: 90,
  accessibility: 95,
  bestPractices: 95,
  lcpMs: 2500,
  requests: 25,
};

export interface ColdStart {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Requests over the network (Lighthouse's list without data: URLs). */
  requests: number;
  /** data: URLs in Lighthouse's list: decoded in the page, nothing on the wire (Chromium's own
   * calendar and clock icons of date and time inputs, for one). */
  dataUrls: number;
  transferKb: number;
}

const PAGES = [
  ['/auth/signin', false],
  ['/dashboard', true],
  ['/my-medicine', true],
] as const;

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown, a phone's screen) on a cold load
 * of each page of the built app served by the real server: the cache and storage are cleared before
 * each run, and the signed-in pages get the demo patient's token before the app starts. Each page
 * runs LIGHTHOUSE_RUNS times (3 unless set); the run with the median performance score counts.
 */
export async function measureColdStart(): Promise<ColdStart[]> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const server = await startDoseDot({ LOG_LEVEL: 'warn' });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    // The patient's phone keeps the demo profile's time zone (the server's default): the boot
    // script's guess of today's chart day then matches the page's, whatever the hour of the run
    // (on a machine in UTC, from 02:00 to 03:00 UTC in winter, the page asked for its day
    // again after its code had run: a round trip more than a patient has).
    env: { ...process.env, TZ: 'Europe/Berlin' },
  });
  try {
    const patient = DEMO_ACCOUNTS.find((a) => a.key === 'anna');
    const login = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: patient?.email, password: patient?.password }),
    });
    const { jwt } = (await login.json()) as { jwt: string };
    const results: ColdStart[] = [];
    // LIGHTHOUSE_PAGES=/dashboard,/my-medicine measures only those (while trying a change).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [page, signedIn] of PAGES.filter(([p]) => !only || only.includes(p))) {
      const figures: ColdStart[] = [];
      // A run whose trace Lighthouse could not record (NO_NAVSTART, now and then) is run again, twice at most.
      for (let run = 0, retries = 0; run < runs; run++) {
        const context = await browser.createBrowserContext();
        const tab = await context.newPage();
        if (signedIn) {
          // Lighthouse clears the origin's storage before it loads the page; this runs after that.
          await tab.evaluateOnNewDocument((token: string) => {
            localStorage.setItem(
              'dosedot.session',
              JSON.stringify({ state: { token, impersonating: null }, version: 0 }),
            );
          }, jwt);
        }
        simulations().clear();
        const result = await lighthouse(
          `${server.url}${page}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            // LIGHTHOUSE_THROTTLING=devtools: the page really slowed down (network and CPU) instead of
            // Lighthouse's simulation from an unthrottled load (the default, what the targets mean).
            throttlingMethod: process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate',
          },
          undefined,
          tab,
        );
        await context.close();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
        if (lhr.runtimeError) {
          if (retries++ < 2) {
            console.log(`lighthouse ${page}: ${lhr.runtimeError.code}, run again`);
            run--;
            continue;
          }
          throw new Error(`${page}: ${lhr.runtimeError.message}`);
        }
        const final = new URL(lhr.finalDisplayedUrl).pathname;
        if (final !== page) throw new Error(`${page} ended on ${final}`);
        const audit = (id: string) => lhr.audits[id];
        const requests = audit('network-requests')?.details;
        const items = requests?.type === 'table' ? requests.items : [];
        figures.push({
          page,
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          bestPractices: score(lhr.categories['best-practices']?.score),
          lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
          tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
          requests: items.filter((r) => !String(r.url).startsWith('data:')).length,
          dataUrls: items.filter((r) => String(r.url).startsWith('data:')).length,
          transferKb: Math.round((audit('total-byte-weight')?.numericValue ?? 0) / 1024),
        });
        console.log(`lighthouse ${page} run ${run + 1}: ${JSON.stringify(figures.at(-1))}`);
        if (process.env.LIGHTHOUSE_VERBOSE === '1') {
          for (const id of [
            'bootup-time',
            'lcp-breakdown-insight',
            'largest-contentful-paint-element',
            'long-tasks',
            'layout-shifts',
            // The observed (unthrottled) timings beside the simulated ones.
            'metrics',
          ]) {
            const details = audit(id)?.details;
            if (details && 'items' in details) console.log(id, JSON.stringify(details.items).slice(0, 4000));
          }
          printLcpPath(server.url);
          if (requests?.type === 'table') {
            for (const r of requests.items)
              console.log(
                `  ${Math.round(Number(r.networkRequestTime))}–${Math.round(Number(r.networkEndTime))} ms ${r.transferSize} B ${String(r.url).replace(server.url, '')}`,
              );
          }
        }
      }
      figures.sort((a, b) => a.performance - b.performance);
      const median = figures[Math.floor(figures.length / 2)];
      if (median) results.push(median);
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A simulated node's timing (Lantern's own type is not exported). */
interface NodeTiming {
  startTime: number;
  endTime: number;
}
/** Lantern's graph node, as far as the path below reads it. */
interface GraphNode {
  type: string;
  duration?: number;
  request?: { url: string; transferSize: number };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
}

/** The node timings of each simulation Lighthouse ran in this process, by label (kept for debugging). */
const simulations = () =>
  (Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Map<GraphNode, NodeTiming>> })
    .allNodeTimings;

/**
 * LIGHTHOUSE_VERBOSE: what the simulated phone waits for before the largest paint, from Lantern's
 * own simulations of the run (the optimistic and the pessimistic graph, whose mean is the LCP):
 * each request and each task of the main thread with its simulated start and end, in order of start.
 */
function printLcpPath(origin: string): void {
  for (const [label, timings] of simulations()) {
    if (!/LargestContentfulPaint/.test(label)) continue;
    const nodes = [...timings].sort(([, a], [, b]) => a.startTime - b.startTime);
    const end = Math.max(...nodes.map(([, t]) => t.endTime));
    console.log(`${label}: ${Math.round(end)} ms`);
    for (const [node, t] of nodes) {
      const what = node.request
        ? `${node.request.url.replace(origin, '')} ${node.request.transferSize} B`
        : `main thread ${Math.round((node.duration ?? 0) / 1000)} ms observed: ${[
            ...new Set(
              (node.childEvents ?? []).map((e) =>
                e.args?.data?.url ? `${e.name} ${e.args.data.url.replace(origin, '')}` : e.name,
              ),
            ),
          ]
            .slice(0, 4)
            .join(', ')}`;
      console.log(`  ${Math.round(t.startTime)}–${Math.round(t.endTime)} ms ${what}`);
    }
  }
}
