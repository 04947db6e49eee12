import type { Profile } from '@dosedot/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserKeys, myProfileQueryOptions } from '../lib/current-user';
import { type Language, localize, stripLocale } from '../lib/locale';
import { useSession } from '../lib/session-store';
import { useSettings } from '../lib/settings-store';
import { SETTINGS_KEY, STORAGE_PREFIX } from '../lib/storage';

/*
 * Dark mode and language saved on the profile reach a device that is already signed in (issue 23
 * item 6): on its next load and whenever its window regains focus the profile is fetched again, and
 * what changed on the server since this device last saw the profile is applied to the running app
 * (the theme at once, the language by opening the same page in it), without a reload. Only a change
 * is applied: a page opened at /de on purpose, or a theme chosen on this device and still being
 * saved, is not overruled by a profile that has not changed. The primary colour is a preference of
 * the browser (decision 0003): another tab's choice is read in on focus and on the storage event.
 */

/** What this device last saw of the signed-in user's profile (removed at logout with the other keys). */
const SEEN_KEY = `${STORAGE_PREFIX}profile-seen`;
type Seen = Pick<Profile, 'userid' | 'is_dark' | 'language'>;
/** Focus and visibility come in pairs; one fetch serves both. */
const MIN_INTERVAL_MS = 2_000;

function readSeen(): Seen | null {
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN_KEY) ?? 'null') as Partial<Seen> | null;
    return seen && typeof seen.userid === 'number' ? (seen as Seen) : null;
  } catch {
    return null;
  }
}

/** The profile's dark mode and language, where they changed since this device last saw them. */
export function profileChanges(
  seen: Seen | null,
  profile: Seen,
): { mode?: 'light' | 'dark'; language?: Language } {
  // Another user (or none seen yet, as right after a login, which takes the profile over itself).
  if (!seen || seen.userid !== profile.userid) return {};
  return {
    ...(seen.is_dark !== profile.is_dark ? { mode: profile.is_dark ? 'dark' : 'light' } : {}),
    ...(seen.language !== profile.language ? { language: profile.language } : {}),
  };
}

function remember(profile: Seen): void {
  localStorage.setItem(
    SEEN_KEY,
    JSON.stringify({ userid: profile.userid, is_dark: profile.is_dark, language: profile.language }),
  );
}

function apply(profile: Profile, navigate: (to: string) => void): void {
  // An administrator acting for a patient keeps their own look and language.
  if (useSession.getState().impersonating) return;
  const changes = profileChanges(readSeen(), profile);
  remember(profile);
  if (changes.mode && useSettings.getState().mode !== changes.mode)
    useSettings.getState().setMode(changes.mode);
  if (changes.language) {
    const { locale, path } = stripLocale(window.location.pathname);
    // The locale route's loader loads the catalog and makes it the page language.
    if (locale !== changes.language)
      navigate(`${localize(path, changes.language)}${window.location.search}${window.location.hash}`);
  }
}

/**
 * Follows the signed-in user's profile: applies each profile answer that arrives (load, focus,
 * another page's fetch), fetches it on load and on focus. Returns the clean-up.
 */
export function followProfile(queryClient: QueryClient, navigate: (to: string) => void): () => void {
  const key = JSON.stringify(currentUserKeys.profile());
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== key) return;
    const profile = event.query.state.data as Profile | undefined;
    if (profile && useSession.getState().token) apply(profile, navigate);
  });

  // A profile that arrived before this subscription (the router's first loader asks for it while
  // the first render is still under way) is applied now.
  const kept = queryClient.getQueryData<Profile>(currentUserKeys.profile());
  if (kept && useSession.getState().token) apply(kept, navigate);

  let last = 0;
  const refresh = (fresh: boolean) => {
    if (!useSession.getState().token) return;
    if (fresh) {
      if (Date.now() - last < MIN_INTERVAL_MS) return;
      last = Date.now();
    }
    const options = myProfileQueryOptions();
    void queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options).catch(() => undefined);
  };
  const onFocus = () => {
    // Theme and colour chosen in another tab of this browser, then the profile from the server.
    void useSettings.persist.rehydrate();
    refresh(true);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') onFocus();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === SETTINGS_KEY) void useSettings.persist.rehydrate();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onStorage);
  // The next load: the profile as the server has it now (shared with the pages that read it).
  refresh(false);
  const stopSession = useSession.subscribe((s, before) => {
    if (s.token === before.token) return;
    // A new session starts from the profile its login took over (lib/session.ts puts it in the cache).
    localStorage.removeItem(SEEN_KEY);
    if (!s.token) return;
    const profile = queryClient.getQueryData<Profile>(currentUserKeys.profile());
    if (profile) remember(profile);
    else refresh(false);
  });
  return () => {
    unsubscribe();
    stopSession();
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
  };
}
