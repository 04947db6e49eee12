import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../../config/paths';
import { localize, stripLocale } from '../../lib/locale';
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
  if (useSession.getState().token) return null;
  const url = new URL(request.url);
  throw redirect(signInFor(url.pathname, url.search));
}
