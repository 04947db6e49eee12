import { WEBFONT_FACES, WEBFONT_FAMILY, WEBFONT_WEIGHTS } from 'virtual:dosedot-webfont';
import { useEffect } from 'react';
import { whenIdle } from './idle';

/*
 * The webfont (issue 8, self-hosted; its faces from webfont.ts) added to the page's fonts by the app,
 * not by a stylesheet: a stylesheet's `@font-face` is asked for as soon as the first text is laid
 * out, and on a phone's first visit over slow 4G its 32 KB then shared the bandwidth with the app's
 * code before the first screen (Lighthouse's mobile preset: the largest paint of the dashboard and
 * My Medicine about 0.2 s later; issue 23 item 12). So:
 * - a device that has loaded this build's font before (it is in the browser's cache and the service
 *   worker's) adds it as the app starts, before the first render: the text is drawn in it at once;
 * - on a first visit the page paints in the fallback fonts (webfont.ts: made to Inter's metrics, so
 *   that nothing moves when it swaps in), and the font is added once that first screen has been
 *   shown and the browser is idle; the text then swaps to it (`font-display: swap`).
 * The Latin face is loaded at once when added (every page's text is Latin); the others only when a
 * name on the page needs them, as with `@font-face` rules.
 */

/** Where the URL of the Latin file this device has loaded is kept. */
const LOADED_KEY = 'dosedot.webfont';

const latin = WEBFONT_FACES[0];

/** Whether this device has loaded this build's Latin file before (then it is in its cache). */
function loadedBefore(): boolean {
  try {
    return latin !== undefined && localStorage.getItem(LOADED_KEY) === latin.url;
  } catch {
    return false;
  }
}

let added = false;

/** Adds the webfont's faces to the page's fonts (once) and loads the Latin one. */
export function addWebfont(): void {
  if (added || typeof FontFace !== 'function') return;
  added = true;
  for (const [i, face] of WEBFONT_FACES.entries()) {
    const font = new FontFace(WEBFONT_FAMILY, `url(${face.url}) format('woff2')`, {
      style: 'normal',
      weight: WEBFONT_WEIGHTS,
      display: 'swap',
      unicodeRange: face.unicodeRange,
    });
    document.fonts.add(font);
    if (i === 0)
      font.load().then(
        () => {
          try {
            localStorage.setItem(LOADED_KEY, face.url);
          } catch {
            // Private mode without storage: the next visit asks for it after its first screen again.
          }
        },
        // Offline before it was ever cached: the fallback fonts stay.
        () => {},
      );
  }
}

/** As the app starts: the webfont at once where this device has it already. */
export function addWebfontIfLoadedBefore(): void {
  if (loadedBefore()) addWebfont();
}

/** How long the page must stay still (no new largest paint, nothing fetched) to count as shown. */
const QUIET_MS = 500;
/** How often it is looked at meanwhile. */
const TICK_MS = 50;
/** The longest wait for that, from the routes' first render. */
const CAP_MS = 4000;

/**
 * Runs `then` once the first screen has been shown and the browser is idle. The first screen is
 * shown when the browser has reported a largest paint since now, and since then QUIET_MS have passed
 * without another and without anything being fetched (`busy`): a page paints its header before its
 * data, and a request between the two takes bandwidth from what the list waits for. Two frames on
 * where the browser gives no such report (then the same quiet); CAP_MS at the most. Returns what
 * cancels it.
 */
function whenShownAndIdle(then: () => void, busy: () => boolean): () => void {
  const since = performance.now();
  let frame = 0;
  let cancelIdle = () => {};
  let lastActivity = Number.NaN;
  let tick: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  let cap: ReturnType<typeof setTimeout> | undefined;
  const cancelWaiting = () => {
    observer?.disconnect();
    cancelAnimationFrame(frame);
    clearTimeout(tick);
    clearTimeout(cap);
  };
  const shown = () => {
    cancelWaiting();
    cancelIdle = whenIdle(then, 1000);
  };
  const look = () => {
    const now = performance.now();
    if (busy()) lastActivity = now;
    if (now - lastActivity >= QUIET_MS) shown();
    else tick = setTimeout(look, TICK_MS);
  };
  // The report comes once the frame is on the screen (a frame's animation callbacks, and its paint
  // on the main thread, come before that).
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.startTime >= since)) return;
      const first = Number.isNaN(lastActivity);
      lastActivity = performance.now();
      if (first) look();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    // Two frames on, the first screen has been drawn: still wait for the reads and the quiet.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        lastActivity = performance.now();
        look();
      });
    });
  }
  cap = setTimeout(shown, CAP_MS);
  return () => {
    cancelWaiting();
    cancelIdle();
  };
}

/**
 * In the routes' root: once the first screen has been shown and the browser is idle, the webfont,
 * if the app's start has not added it. The request then comes after the paint that the phone's first
 * screen is measured by, not beside the scripts and reads before it. `busy`: whether the page's
 * reads are still under way.
 */
export function useWebfontAfterFirstPaint(busy: () => boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the first render's reads
  useEffect(() => (added ? undefined : whenShownAndIdle(addWebfont, busy)), []);
}
