import { useSyncExternalStore } from 'react';

/*
 * Whether the page shows a kept copy (issue 26 item 1): the service worker answers the daily plan's
 * calls from its last fetched copy when there is no network, with the time it was saved in this
 * header (src/sw/plan-copy.ts). The API client notes every answer here; the shell's notice reads it.
 */
const OFFLINE_COPY_HEADER = 'x-dosedot-offline-copy';
let savedAt: string | null = null;
const listeners = new Set<() => void>();

function set(value: string | null) {
  if (value === savedAt) return;
  savedAt = value;
  for (const listener of listeners) listener();
}

/** Notes an answer of the API: a kept copy says since when, a fresh answer ends the notice. */
export function noteAnswer(res: Response): void {
  const copy = res.headers.get(OFFLINE_COPY_HEADER);
  set(copy === null ? null : copy || new Date(0).toISOString());
}

/** When the copy the page shows was saved (ISO), or null while the answers are fresh. */
export function useOfflineCopy(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => savedAt,
  );
}
