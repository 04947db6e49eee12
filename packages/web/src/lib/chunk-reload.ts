/** Spec section 9: after a failed page-chunk load the page reloads, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = 'dosedot.chunk-reload-at';

/** Reloads unless a reload happened less than 60 s ago; tells whether it reloaded. */
export function reloadAfterChunkError(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** An error thrown when a lazily loaded module (a page chunk) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}
