import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { useLocalizedPath } from '../../hooks/use-locale';
import { useUser } from '../../lib/current-user';
import { failureKey } from '../../lib/form';
import { stripLocale } from '../../lib/locale';
import { useSession } from '../../lib/session-store';

/**
 * Pages require login: signed out, go to sign-in and come back here afterwards (after a logout,
 * just to sign-in). While the current
 * user loads, show that; a 401 ends the session in the API client, which lands here signed out.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const endedBy = useSession((s) => s.endedBy);
  const location = useLocation();
  const href = useLocalizedPath();
  const user = useUser();

  if (!token) {
    // After a logout, plain sign-in; otherwise come back here after the login.
    if (endedBy === 'logout') return <Navigate replace to={href(paths.signIn)} />;
    const back = `${stripLocale(location.pathname).path}${location.search}`;
    return <Navigate replace to={`${href(paths.signIn)}?redirect=${encodeURIComponent(back)}`} />;
  }
  if (user.isPending) return <Loading fullPage />;
  if (user.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void user.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        >
          {t(failureKey(user.error))}
        </Alert>
      </Container>
    );
  }
  return children;
}
