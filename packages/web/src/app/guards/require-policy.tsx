import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { allows, type Policy } from '../../lib/authorization';
import { useUser } from '../../lib/current-user';

/**
 * The role guard (spec section 6): a signed-in user without the right goes to /error/401; while the
 * user is not loaded yet it does nothing. The server refuses the calls either way.
 */
export function RequirePolicy({ policy }: { policy: Policy }) {
  const { data: user } = useUser();
  const href = useLocalizedPath();
  if (!user) return null;
  if (!allows(user, policy)) return <Navigate replace to={href(paths.error401)} />;
  // REQUIRE_ADMIN_2FA: an administrator without two-step sign-in sets it up first (decision 0008).
  if (policy === 'admin' && user.meta.twoFactorSetupRequired)
    return <Navigate replace to={href(paths.profileSecurity)} />;
  return <Outlet />;
}
