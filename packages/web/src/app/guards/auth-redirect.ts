import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../../config/paths';
import { meQueryOptions, myProfileQueryOptions } from '../../lib/current-user';
import { localize, stripLocale } from '../../lib/locale';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';

/** Sign-in in the page's language: after a logout plain, otherwise with the way back here. */
export function signInFor(pathname: string, search: string): string {
  const { locale, path } = stripLocale(pathname);
  const signIn = localize(paths.signIn, locale);
  if (useSession.getState().endedBy === 'logout') return signIn;
  return `${signIn}?redirect=${encodeURIComponent(`${path}${search}`)}`;
}

/**
 * The private layout's loader: every navigation into it (a link, a reload, the back button after a
 * logout) is sent to sign-in before anything renders when there is no session.
 */
export function requireAuthLoader({ request }: LoaderFunctionArgs) {
  if (useSession.getState().token) {
    // The user and the profile that the layout and every page ask for first: asked for now, while
    // the layout's and the page's code still load, instead of after they have rendered (a phone's
    // cold start, issue 23 item 12), once (kept data is not asked for again). Not awaited: the page
    // renders as soon as its code is there; a failure shows where the page asks for them.
    void queryClient.ensureQueryData(meQueryOptions()).catch(() => {});
    void queryClient.ensureQueryData(myProfileQueryOptions()).catch(() => {});
    return null;
  }
  const url = new URL(request.url);
  throw redirect(signInFor(url.pathname, url.search));
}
