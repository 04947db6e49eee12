/*
 * The first API reads of a signed-in page, asked for by the boot script (src/boot/boot.ts) as soon
 * as the page's HTML is there, while the app's code (about 250 KB) still loads and runs, instead of
 * after it has run (a phone's cold start, issue 23 item 12: on the dashboard the answers came one
 * and two round trips after the code). The app's API client takes each answer once, for the same
 * path and token (lib/early-answers.ts); an answer nobody takes is dropped after a while, and a
 * guess that does not match the path the page asks (another chart day in the profile's zone) costs
 * only the request: the page asks for its own.
 *
 * This module imports nothing, so the boot script does not wait for the app's libraries. What it
 * knows of the app (the session's storage key and shape, the pages' paths, their first reads) is
 * checked against the app's own modules by early-reads.test.ts.
 */

/** Where the app's API client finds the answers (lib/early-answers.ts reads the same property). */
export const EARLY_READS = '__dosedotEarlyReads';

export interface EarlyReads {
  token: string;
  /** Answers by path, each taken at most once. */
  answers: Map<string, Promise<Response>>;
}

/** lib/storage.ts SESSION_KEY, in the shape lib/session-store.ts persists. */
const SESSION_KEY = 'dosedot.session';
/** Chart day D starts at 03:00 local time (the domain's CHART_DAY_START_MS). */
const CHART_DAY_START_MS = 3 * 3_600_000;
/** Answers not taken by then are dropped: the app asks anew (its data is kept fresh 30 s). */
export const EARLY_READS_KEPT_MS = 15_000;

/** The session's token when the user reads their own data (no impersonation, no caregiver's patient). */
export function ownToken(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const state = (JSON.parse(stored) as { state?: Record<string, unknown> }).state;
    if (!state || typeof state.token !== 'string' || !state.token) return null;
    return state.impersonating || state.caring ? null : state.token;
  } catch {
    return null;
  }
}

/** 'YYYY-MM-DD' shifted by whole days. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A guess of today's chart day: the date of the device's wall clock three hours ago (the profile's
 * zone is not known yet; the device's is most often the same). Off by a day on the night of a DST
 * change only, when the page asks for its own. Date's local fields, not Intl: the first Intl
 * formatter of a page costs a phone tens of milliseconds.
 */
export function guessChartDay(now: number): string {
  const wall = new Date(now - CHART_DAY_START_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${wall.getFullYear()}-${two(wall.getMonth() + 1)}-${two(wall.getDate())}`;
}

/** The dashboard's other views (the day's plan is /dashboard itself). */
const DASHBOARD_VIEWS = ['/dashboard/index2', '/dashboard/weekly', '/dashboard/monthly'];
/** My Medicine's pages, with the medicine type each shows ('' for all). */
const MY_MEDICINE: Record<string, string> = {
  '/my-medicine': '',
  '/my-medicine/type-1': '1',
  '/my-medicine/type-2': '2',
};

/**
 * The pages the boot script asks for first reads on (without a language prefix): the server sends
 * the boot script with these pages' HTML only (the build's `boot-pages.json`, vite.config.ts), so the
 * sign-in and the other pages do not load it for nothing.
 */
export const EARLY_READ_PAGES: readonly string[] = [
  '/dashboard',
  ...DASHBOARD_VIEWS,
  ...Object.keys(MY_MEDICINE),
];

/**
 * The reads the app makes first on a cold start of `pathname` (with or without a /de or /fr prefix),
 * as a user reading their own data: the signed-in layout's (the user and the profile:
 * app/guards/auth-redirect.ts) and the page's (app/routes/prefetch.ts). Only the pages a phone opens
 * most; any other page asks as before.
 */
export function earlyReadPaths(pathname: string, today: string): string[] {
  const path = /^\/(de|fr)(\/.*)?$/.exec(pathname)?.slice(2)[0] ?? (pathname.replace(/\/+$/, '') || '/');
  const shell = ['/api/users/me', '/api/profile/userdata'];
  const adherence = (from: string, to: string) => `/api/adherence?from=${from}&to=${to}`;
  if (path === '/dashboard') return [...shell, '/api/storage-alerts', adherence(today, addDays(today, 1))];
  if (DASHBOARD_VIEWS.includes(path)) return [...shell, '/api/storage-alerts'];
  const type = MY_MEDICINE[path];
  if (type === undefined) return [];
  // My Medicine's first screen is the list with its stock notes; the plans and the dot chart below
  // it render once that has painted, and ask for their own data (every dosage time, the range's
  // figures) then: asked for here, those bytes were taken from the app's code before the list.
  return [
    ...shell,
    ...(type ? [`/api/medicines?type=${type}`] : []),
    '/api/medicines',
    '/api/medicines/stock',
  ];
}

/** Asks for the page's first reads (none without a session of one's own) and leaves them for the app. */
export function startEarlyReads(scope: Record<string, unknown> = globalThis as Record<string, unknown>) {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(SESSION_KEY);
  } catch {
    return;
  }
  const token = ownToken(stored);
  if (!token) return;
  const paths = earlyReadPaths(location.pathname, guessChartDay(Date.now()));
  if (paths.length === 0) return;
  const answers = new Map<string, Promise<Response>>();
  for (const path of paths) {
    const answer = fetch(path, {
      // The API client's headers for a read (lib/api-client.ts apiRequest).
      headers: { accept: 'application/json, text/plain, */*', authorization: `Bearer ${token}` },
    });
    // A failure is the app's to see when it takes the answer; none is reported here.
    answer.catch(() => {});
    answers.set(path, answer);
  }
  const early: EarlyReads = { token, answers };
  scope[EARLY_READS] = early;
  setTimeout(() => answers.clear(), EARLY_READS_KEPT_MS);
}
