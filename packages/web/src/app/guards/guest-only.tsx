import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { HOME_AFTER_LOGIN } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useSession } from '../../lib/session-store';

/**
 * Sign-in and sign-up are for signed-out visitors: someone who arrives signed in goes to the
 * dashboard. Only the state on arrival counts, so a login on this page finishes its own redirect.
 */
export function GuestOnly() {
  const [signedInOnArrival] = useState(() => !!useSession.getState().token);
  const href = useLocalizedPath();
  if (signedInOnArrival) return <Navigate replace to={href(HOME_AFTER_LOGIN)} />;
  return <Outlet />;
}
