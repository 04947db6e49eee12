import { CHART_DAY_START_MS, chartDayOf } from '@dosedot/domain/adherence';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requireAuthLoader } from '../app/guards/auth-redirect';
import { PAGE_PATHS } from '../app/routes/page-paths';
import { dashboardLoader, myMedicineLoader } from '../app/routes/prefetch';
import { paths } from '../config/paths';
import { apiRequest } from '../lib/api-client';
import { EARLY_READS_PROPERTY, takeEarlyAnswer } from '../lib/early-answers';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { SESSION_KEY } from '../lib/storage';
import {
  EARLY_READ_PAGES,
  EARLY_READS,
  earlyReadPaths,
  guessChartDay,
  ownToken,
  startEarlyReads,
} from './early-reads';

const ZONE = 'Europe/Zurich';
let asked: string[] = [];

/** The API as the app meets it on a cold start: a profile in ZONE with a dosage time, empty answers otherwise. */
function serve() {
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const body =
      url === '/api/profile/userdata'
        ? { timezone: ZONE, medicines: [{ id: 1, type: 1, dosage_times: ['08:00'] }] }
        : url === '/api/medicine-schedules/profile'
          ? { data: { schedule: [] } }
          : { data: [] };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

/**
 * What the app asks for first on a cold start of `path` (the signed-in layout's loader and the
 * page's), once it has asked for `expected` and then nothing more for a while.
 */
async function appAsks(path: string, loader: (args: LoaderFunctionArgs) => unknown, expected: string[]) {
  vi.stubGlobal('window', { location: new URL(`http://localhost${path}`) });
  const args = { request: new Request(`http://localhost${path}`) } as LoaderFunctionArgs;
  requireAuthLoader(args);
  loader(args);
  await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(expected.length));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [...asked].sort();
}

beforeEach(() => {
  asked = [];
  useSession.setState({ token: 'a-token', impersonating: null, caring: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  delete (globalThis as Record<string, unknown>)[EARLY_READS];
});

describe('the boot script asks for what the app asks for first on a cold start', () => {
  it.each([
    ['/dashboard', dashboardLoader],
    ['/de/dashboard', dashboardLoader],
    ['/my-medicine', myMedicineLoader],
    ['/fr/my-medicine/type-1', myMedicineLoader],
    ['/my-medicine/type-2', myMedicineLoader],
  ])('%s: the same reads, on the chart day of the profile', async (path, loader) => {
    serve();
    const today = chartDayOf(Date.now(), ZONE);
    const reads = [...earlyReadPaths(path, today)].sort();
    expect(reads).toEqual(await appAsks(path, loader, reads));
  });

  it('My Medicine: the list and its stock only (the plans and the dot chart ask for theirs after it)', () => {
    for (const path of ['/my-medicine', '/de/my-medicine/type-2']) {
      const reads = earlyReadPaths(path, '2026-11-26');
      expect(reads).toContain('/api/medicines');
      expect(reads).toContain('/api/medicines/stock');
      expect(reads.filter((p) => p.startsWith('/api/adherence') || p.includes('schedule'))).toEqual([]);
    }
    expect(earlyReadPaths('/dashboard', '2026-11-26')).toContain(
      '/api/adherence?from=2026-11-26&to=2026-11-27',
    );
  });

  it('the other pages: nothing (the sign-in, a form, an administrator’s list)', () => {
    for (const path of ['/', '/auth/signin', '/my-medicine/edit/3', '/devices', '/dashboard-x'])
      expect(earlyReadPaths(path, '2026-11-26')).toEqual([]);
  });

  it('the pages the server sends the boot script with are exactly those it reads for', () => {
    const reads = PAGE_PATHS.map((p) => p.path).filter((p) => earlyReadPaths(p, '2026-11-26').length > 0);
    expect([...EARLY_READ_PAGES].sort()).toEqual(reads.sort());
    expect(EARLY_READ_PAGES).toContain(paths.dashboard);
    expect(EARLY_READ_PAGES).toContain(paths.myMedicine);
  });

  it('the chart day guessed from the device’s clock: the domain’s chart day in the device’s zone', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const start = Date.now() - (Date.now() % 3_600_000);
    // Every hour of two days, and a minute either side of the day's start of 03:00 in UTC.
    const instants = Array.from({ length: 48 }, (_, h) => start + h * 3_600_000);
    instants.push(
      Date.UTC(2026, 10, 26) + CHART_DAY_START_MS - 60_000,
      Date.UTC(2026, 10, 26) + CHART_DAY_START_MS,
    );
    for (const instant of instants) expect(guessChartDay(instant)).toBe(chartDayOf(instant, zone));
  });
});

describe("the session the boot script reads is the app's", () => {
  it('its key and shape: the token of a session of one’s own, none while reading for someone else', () => {
    const stored = (state: object) => JSON.stringify({ state, version: 0 });
    expect(SESSION_KEY).toBe('dosedot.session');
    expect(ownToken(stored({ token: 'a-token', impersonating: null, caring: null }))).toBe('a-token');
    expect(ownToken(stored({ token: 'a-token', impersonating: { id: 7 }, caring: null }))).toBeNull();
    expect(ownToken(stored({ token: 'a-token', impersonating: null, caring: { userid: 3 } }))).toBeNull();
    expect(ownToken(stored({ token: null }))).toBeNull();
    expect(ownToken('not json')).toBeNull();
    expect(ownToken(null)).toBeNull();
  });
});

describe("the app's API client takes the boot script's answers", () => {
  /** The boot script run on `path` with the session stored as the app stores it. */
  function boot(path: string, token = 'a-token') {
    const items = new Map([
      [SESSION_KEY, JSON.stringify({ state: { token, impersonating: null }, version: 0 })],
    ]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
    vi.stubGlobal('location', new URL(`http://localhost${path}`));
    startEarlyReads();
  }

  it('under the one name', () => {
    expect(EARLY_READS_PROPERTY).toBe(EARLY_READS);
  });

  it('each answer once, for the same token; a later read asks the server again', async () => {
    serve();
    boot('/dashboard');
    expect(asked).toContain('/api/users/me');
    expect(asked).toContain('/api/storage-alerts');
    const before = asked.length;
    expect(takeEarlyAnswer('/api/users/me', 'another-token')).toBeUndefined();
    await apiRequest('/api/users/me');
    expect(asked.length).toBe(before);
    await apiRequest('/api/users/me');
    expect(asked.length).toBe(before + 1);
  });

  it("not for a read with the patient's header (an administrator acting for them), nor a write", async () => {
    serve();
    boot('/my-medicine');
    const before = asked.length;
    await apiRequest('/api/medicines', { headers: { 'x-imp-user-id': '12' } });
    await apiRequest('/api/medicines/stock', { method: 'POST', body: {} });
    expect(asked.length).toBe(before + 2);
  });

  it('a network failure on the way asks again', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    boot('/dashboard');
    serve();
    await apiRequest('/api/profile/userdata');
    expect(asked).toEqual(['/api/profile/userdata']);
  });

  it('nothing without a session, or on a page it does not know', () => {
    serve();
    boot('/dashboard', '');
    boot('/auth/signin');
    expect(asked).toEqual([]);
    expect((globalThis as Record<string, unknown>)[EARLY_READS]).toBeUndefined();
  });
});
