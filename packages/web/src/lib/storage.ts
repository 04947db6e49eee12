/** Every key the app keeps in the browser starts with this prefix. */
export const STORAGE_PREFIX = 'dosedot.';

/** Settings (theme and colour) are a preference of this browser, not user data: logout keeps them. */
export const SETTINGS_KEY = `${STORAGE_PREFIX}settings`;
export const SESSION_KEY = `${STORAGE_PREFIX}session`;
/** What one user has seen on this device (the guided tour, per user id): logout keeps it too. */
export const KEPT_PREFIX = `${STORAGE_PREFIX}kept.`;

/** Removes every stored key of the app except the browser's settings and kept keys; sessionStorage entirely. */
export function clearStoredAppData(local: Storage = localStorage, session: Storage = sessionStorage) {
  const keys: string[] = [];
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    if (key?.startsWith(STORAGE_PREFIX) && key !== SETTINGS_KEY && !key.startsWith(KEPT_PREFIX))
      keys.push(key);
  }
  for (const key of keys) local.removeItem(key);
  session.clear();
}
