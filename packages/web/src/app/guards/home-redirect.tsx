import { Navigate } from 'react-router';
import { HOME_AFTER_LOGIN, paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useSession } from '../../lib/session-store';

/** The auth callback: back to sign-in, which sends a signed-in user on to the dashboard. */
export function SignInRedirect() {
  const href = useLocalizedPath();
  return <Navigate replace to={href(paths.signIn)} />;
}

/** The start page: the dashboard when signed in, else sign-in. */
export function HomeRedirect() {
  const signedIn = useSession((s) => !!s.token);
  const href = useLocalizedPath();
  return <Navigate replace to={href(signedIn ? HOME_AFTER_LOGIN : paths.signIn)} />;
}
