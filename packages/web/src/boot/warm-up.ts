/*
 * What the browser does slowly the first time a page asks, asked for by the boot script while the
 * app's code is still on its way (issue 23 item 12). Each of these waits on the browser (a
 * synchronous call to another of its processes, or data it loads once); the app asks for each while
 * it starts, so each of them used to hold up the page's first render:
 * - sessionStorage: React Router reads it when the router is made (the view transitions it keeps);
 * - document.cookie: the language's route reads the kept language choice from it;
 * - a date formatter for a time zone: the first one loads the zone and calendar data that the
 *   app's dates and the domain's zone offsets (time/zone.ts) use.
 * With Chromium at 4× slowdown these were 27, 17 and 16 ms of the first render's work (a CPU profile
 * of the dashboard's cold start, bench/RESULTS.md); here they run while the network still brings
 * the app's scripts, when the page has nothing else to do.
 *
 * Like the boot script's early reads, this imports nothing of the app's.
 */

/** The parts of the page's global scope the warm-up touches (a test passes its own). */
export interface WarmUpScope {
  sessionStorage: Pick<Storage, 'getItem'>;
  document: Pick<Document, 'cookie'>;
  Intl: Pick<typeof Intl, 'DateTimeFormat'>;
}

/**
 * Each of the first-time costs above, paid now; a browser that refuses one (storage or cookies
 * turned off: even reaching `sessionStorage` throws then) is left alone.
 */
export function warmUp(scope?: WarmUpScope, now = Date.now()): void {
  try {
    (scope ? scope.sessionStorage : sessionStorage).getItem('dosedot.warm-up');
  } catch {
    // Storage blocked: the app copes with it itself.
  }
  try {
    void (scope ? scope.document : document).cookie;
  } catch {
    // A sandboxed document throws on cookies.
  }
  const { DateTimeFormat } = scope ? scope.Intl : Intl;
  const { timeZone } = new DateTimeFormat().resolvedOptions();
  new DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(now);
}
